// Timed jobs across instances (issue 25): instances sharing one PostgreSQL database run each job
// once, not once each (a PostgreSQL advisory lock per run).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeAsaas, type FakeAsaas } from "./fake-asaas.js";
import { createMember, eventually, sleep, withTwoInstances } from "./harness.js";

const API_KEY = "$aact_ops_test_key";
const WEBHOOK_TOKEN = "ops-webhook-token-0123456789";

let asaas: FakeAsaas;
beforeAll(async () => {
  asaas = await startFakeAsaas({ apiKey: API_KEY });
});
afterAll(async () => {
  await asaas.close();
});

describe("the billing sweep on two instances", () => {
  it("asks ASAAS once to cancel each subscription whose cancellation it has not confirmed, not once per instance", async () => {
    await withTwoInstances(
      {
        PAYMENTS_PROVIDER: "asaas",
        ASAAS_API_URL: asaas.url,
        ASAAS_API_KEY: API_KEY,
        ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
        BILLING_SWEEP_SECONDS: "1",
      },
      async (a, b) => {
        // ASAAS answers each cancellation slowly (1.5 s): both instances' sweeps come round meanwhile.
        asaas.failNext("DELETE", /^\/subscriptions\/sub_ops_/, { delayMs: 1500, afterHandling: true, status: 404 }, 100);
        const { user } = await createMember(a, "5511977", { plan: "nobreza" });
        const { prisma } = b.app.services;
        const ids = ["sub_ops_1", "sub_ops_2"];
        await prisma.planSubscription.createMany({
          data: ids.map((asaasSubscriptionId) => ({
            userId: user.id,
            plan: "alteza" as const,
            billingCycle: "monthly" as const,
            billingType: "PIX" as const,
            status: "canceled" as const,
            priceCents: 2790,
            asaasSubscriptionId,
            canceledAt: new Date(),
          })),
        });
        await eventually(
          async () => (await prisma.planSubscription.count({ where: { asaasSubscriptionId: { in: ids }, providerCanceledAt: { not: null } } })) === ids.length,
          20_000,
          "both cancellations confirmed",
        );
        // Two more rounds of each instance's timer.
        await sleep(2500);
        const deletes = asaas.requests.filter((request) => request.method === "DELETE").map((request) => request.path);
        expect(deletes.sort()).toEqual(ids.map((id) => `/subscriptions/${id}`));
      },
    );
  }, 120_000);
});
