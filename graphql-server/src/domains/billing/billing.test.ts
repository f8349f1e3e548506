import { Writable } from "node:stream";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp, type App } from "../../app.js";
import { loadConfig } from "../../config.js";
import { ManualClock } from "../../lib/clock.js";
import { SESSION_COOKIE } from "../../lib/http.js";
import { REDACTED } from "../../lib/log.js";
import { startFakeAsaas, type FakeAsaas } from "../../../test/fake-asaas.js";
import { collect, cpfFor, createMember, eventually, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";

const DAY = 86_400_000;
const API_KEY = "$aact_test_key_0123456789";
const WEBHOOK_TOKEN = "webhook-token-0123456789abcdef";
let cpfSeed = 5000;

function checkout(plan: string, billingType: string, extra: Record<string, unknown> = {}) {
  return {
    plan,
    billingType,
    billingCycle: "monthly",
    customer: {
      name: "Maria Souza",
      email: "maria@example.com",
      phone: "(11) 98765-4321",
      cpfCnpj: cpfFor(++cpfSeed),
      postalCode: "01310-100",
      addressNumber: "1000",
    },
    ...(billingType === "CREDIT_CARD"
      ? { creditCard: { holderName: "MARIA SOUZA", number: "4111 1111 1111 1111", expiryMonth: "12", expiryYear: "2030", ccv: "123" } }
      : {}),
    ...extra,
  };
}

/** The local provider's own webhook token, as the route compares it (read back through a delivery it signs). */
async function localToken(t: TestApp): Promise<string> {
  let seen = "";
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    if (String(input).endsWith("/api/webhooks/asaas")) seen = headers.get("asaas-access-token") ?? "";
    return original(input, init);
  }) as typeof fetch;
  try {
    const { client } = await createMember(t, "5521999", { plan: "nobreza" });
    const created = await client.rest("POST", "/api/subscriptions/create", checkout("alteza", "PIX"));
    await client.rest("POST", `/api/dev/payments/${created.body.paymentInstructions.paymentId}/confirm`, {});
  } finally {
    globalThis.fetch = original;
  }
  expect(seen.length).toBeGreaterThan(16);
  return seen;
}

const planOf = async (t: TestApp | { app: App }, userId: number) => (await t.app.services.prisma.user.findUniqueOrThrow({ where: { id: userId } })).plan;
const webhook = (url: string, body: unknown, token: string | null = WEBHOOK_TOKEN) =>
  new TestClient(url).rest("POST", "/api/webhooks/asaas", body, token === null ? {} : { "asaas-access-token": token });

// ------------------------------------------------------------------------------------------------
describe("billing with the local provider", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CHECKOUTS_PER_HOUR: "5" });
  });
  afterAll(() => t?.close());

  it("PIX: pending with a real QR code, the plan unchanged until the demo control confirms; then meUpdated and paymentUpdated", async () => {
    const { user, client } = await createMember(t, "5521901", { plan: "nobreza" });
    const ws = client.ws();
    const me = collect(ws, "subscription { meUpdated { plan } }");
    const payments = collect(ws, "subscription { paymentUpdated { status providerPaymentId } }");
    await new Promise((r) => setTimeout(r, 150));

    const created = await client.rest("POST", "/api/subscriptions/create", checkout("alteza", "PIX"));
    expect(created.status).toBe(200);
    const { paymentInstructions, isMigration, message } = created.body;
    expect(isMigration).toBe(false);
    expect(message).toContain("Alteza");
    expect(paymentInstructions).toMatchObject({ billingType: "PIX", value: 27.9, dueDate: "2026-03-10", status: "pending" });
    expect(paymentInstructions.pix.qrCodeImage).toMatch(/^data:image\/png;base64,/);
    const png = Buffer.from(paymentInstructions.pix.qrCodeImage.split(",")[1], "base64");
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(paymentInstructions.pix.copyPaste).toMatch(/^000201/);
    expect(await planOf(t, user.id)).toBe("nobreza");

    const mine = await client.gql("{ mySubscription { plan } myPayments { status amountCents pix { copyPaste } } }");
    expect(mine.body.data).toEqual({ mySubscription: null, myPayments: [{ status: "pending", amountCents: 2790, pix: { copyPaste: paymentInstructions.pix.copyPaste } }] });

    const confirmed = await client.rest("POST", `/api/dev/payments/${paymentInstructions.paymentId}/confirm`, {});
    expect(confirmed.status).toBe(200);
    expect(await planOf(t, user.id)).toBe("alteza");
    expect((await me.next()).meUpdated.plan).toBe("alteza");
    await eventually(() => payments.values.some((v) => v.paymentUpdated.status === "received"), 3000, "paymentUpdated received");
    const after = await client.gql("{ mySubscription { plan status paidUntil billingCycle } }");
    expect(after.body.data.mySubscription).toMatchObject({ plan: "alteza", status: "active", billingCycle: "monthly", paidUntil: "2026-04-10T03:00:00.000Z" });
    // Confirming again: the payment is no longer pending.
    expect((await client.rest("POST", `/api/dev/payments/${paymentInstructions.paymentId}/confirm`, {})).status).toBe(409);
    const audit = await t.app.services.prisma.auditLog.findMany({ where: { targetId: String(user.id), action: "user.plan.change" } });
    expect(audit.map((a) => a.data)).toEqual([expect.objectContaining({ from: "nobreza", to: "alteza", reason: "payment confirmed" })]);
    await ws.dispose();
  });

  it("Boleto: due in 3 business days, with its line and PDF; card: confirmed by the provider at once", async () => {
    const { user, client } = await createMember(t, "5521902", { plan: "nobreza" });
    const boleto = await client.rest("POST", "/api/subscriptions/create", checkout("majestade", "BOLETO"));
    expect(boleto.status).toBe(200);
    // 2026-03-10 is a Tuesday: Wednesday, Thursday, Friday.
    expect(boleto.body.paymentInstructions).toMatchObject({ billingType: "BOLETO", value: 44.9, dueDate: "2026-03-13" });
    expect(boleto.body.paymentInstructions.boleto.identificationField.replace(/\D/g, "")).toHaveLength(47);
    expect(boleto.body.paymentInstructions.boleto.bankSlipUrl).toBeTruthy();
    expect(await planOf(t, user.id)).toBe("nobreza");

    const other = await createMember(t, "5521903", { plan: "nobreza" });
    const card = await other.client.rest("POST", "/api/subscriptions/create", checkout("alteza", "CREDIT_CARD", { billingCycle: "annual" }));
    expect(card.status).toBe(200);
    expect(card.body.paymentInstructions).toMatchObject({ billingType: "CREDIT_CARD", value: 301.32, card: { last4: "1111" } });
    await eventually(async () => (await planOf(t, other.user.id)) === "alteza", 3000, "card confirmation");
    const sub = await other.client.gql("{ mySubscription { billingCycle paidUntil } }");
    expect(sub.body.data.mySubscription).toEqual({ billingCycle: "annual", paidUntil: "2027-03-10T03:00:00.000Z" });
  });

  it("myPayments and mySubscription answer the session's member only; each charge names its plan and cycle, unpaid ones how to pay", async () => {
    const ana = await createMember(t, "5521911", { plan: "nobreza" });
    const bia = await createMember(t, "5521912", { plan: "nobreza" });
    expect((await ana.client.rest("POST", "/api/subscriptions/create", checkout("alteza", "BOLETO", { billingCycle: "annual" }))).status).toBe(200);
    expect((await bia.client.rest("POST", "/api/subscriptions/create", checkout("majestade", "PIX"))).status).toBe(200);

    const query = "{ mySubscription { plan } myPayments { plan billingCycle billingType status amountCents boleto { identificationField } pix { copyPaste } } }";
    const anas = (await ana.client.gql(query)).body.data;
    expect(anas.mySubscription).toBeNull();
    expect(anas.myPayments).toEqual([
      { plan: "alteza", billingCycle: "annual", billingType: "BOLETO", status: "pending", amountCents: 30132, boleto: { identificationField: expect.stringMatching(/\d/) }, pix: null },
    ]);
    const bias = (await bia.client.gql(query)).body.data;
    expect(bias.myPayments).toEqual([
      { plan: "majestade", billingCycle: "monthly", billingType: "PIX", status: "pending", amountCents: 4490, boleto: null, pix: { copyPaste: expect.stringMatching(/^000201/) } },
    ]);
    // Without a session: no one's payments.
    const anonymous = await new TestClient(t.url).gql(query);
    expect(anonymous.body.data).toBeNull();
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });

  it("'Salvar este e-mail no meu perfil': the checkout's e-mail becomes her profile's only when she asks", async () => {
    const { user, client } = await createMember(t, "5521914", { plan: "nobreza" });
    const emailOf = async () => (await t.app.services.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).email;
    const before = await emailOf();
    expect((await client.gql("mutation($input: CreateSubscriptionInput!) { createSubscription(input: $input) { __typename } }", { input: { ...checkout("alteza", "PIX"), customer: { ...checkout("alteza", "PIX").customer, email: "nao.salvar@example.com" } } })).body.data.createSubscription.__typename).toBe("CheckoutResult");
    expect(await emailOf()).toBe(before);
    const kept = await client.gql("mutation($input: CreateSubscriptionInput!) { createSubscription(input: $input) { __typename } }", {
      input: { ...checkout("majestade", "PIX"), customer: { ...checkout("majestade", "PIX").customer, email: "ana.nova@example.com" }, saveEmailToProfile: true },
    });
    expect(kept.body.data.createSubscription.__typename).toBe("CheckoutResult");
    expect(await emailOf()).toBe("ana.nova@example.com");
    expect((await client.gql("{ profile { email } }")).body.data.profile.email).toBe("ana.nova@example.com");
  });

  it("switching the cycle of the plan she pays for is a migration: her plan holds until the new cycle's first payment, then the subscription is annual", async () => {
    const { user, client } = await createMember(t, "5521913", { plan: "nobreza" });
    const first = await client.rest("POST", "/api/subscriptions/create", checkout("alteza", "PIX"));
    await client.rest("POST", `/api/dev/payments/${first.body.paymentInstructions.paymentId}/confirm`, {});
    expect(await planOf(t, user.id)).toBe("alteza");
    // The same plan and cycle again is refused.
    expect((await client.rest("POST", "/api/subscriptions/create", checkout("alteza", "PIX"))).body).toMatchObject({ code: "ALREADY_ON_PLAN" });

    const annual = await client.rest("POST", "/api/subscriptions/create", checkout("alteza", "PIX", { billingCycle: "annual" }));
    expect(annual.status).toBe(200);
    expect(annual.body).toMatchObject({ isMigration: true, paymentInstructions: { value: 301.32, status: "pending" } });
    expect(await planOf(t, user.id)).toBe("alteza");
    // Until she pays, the monthly period she paid for is what she has (cancelled at the provider, still hers).
    expect((await client.gql("{ mySubscription { billingCycle status paidUntil } }")).body.data.mySubscription).toEqual({
      billingCycle: "monthly",
      status: "canceled",
      paidUntil: "2026-04-10T03:00:00.000Z",
    });
    await client.rest("POST", `/api/dev/payments/${annual.body.paymentInstructions.paymentId}/confirm`, {});
    expect((await client.gql("{ mySubscription { plan billingCycle status paidUntil } }")).body.data.mySubscription).toEqual({
      plan: "alteza",
      billingCycle: "annual",
      status: "active",
      paidUntil: "2027-03-10T03:00:00.000Z",
    });
  });

  it("refuses what is not a checkout: required fields, imperatriz, nobreza, a card refused; nothing is written", async () => {
    const { user, client } = await createMember(t, "5521904", { plan: "nobreza" });
    const missing = await client.rest("POST", "/api/subscriptions/create", { ...checkout("alteza", "PIX"), customer: { name: "", email: "", phone: "", cpfCnpj: "" } });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("Nome completo é obrigatório");
    const noCard = await client.rest("POST", "/api/subscriptions/create", { ...checkout("alteza", "CREDIT_CARD"), creditCard: { holderName: "", number: "", expiryMonth: "", expiryYear: "", ccv: "" } });
    expect(noCard.body.error).toBe("Nome do portador do cartão é obrigatório");
    const longCcv = await client.rest("POST", "/api/subscriptions/create", checkout("alteza", "CREDIT_CARD", { creditCard: { holderName: "M", number: "4111111111111111", expiryMonth: "13", expiryYear: "2030", ccv: "12345" } }));
    expect(longCcv.status).toBe(400);
    expect((await client.rest("POST", "/api/subscriptions/create", checkout("imperatriz", "PIX"))).body.code).toBe("PLAN_NOT_AVAILABLE");
    expect((await client.rest("POST", "/api/subscriptions/create", checkout("nobreza", "PIX"))).status).toBe(400);
    const refused = await client.rest("POST", "/api/subscriptions/create", checkout("alteza", "CREDIT_CARD", { creditCard: { holderName: "M", number: "4000000000000002", expiryMonth: "12", expiryYear: "2030", ccv: "123" } }));
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe("PAYMENT_REFUSED");
    const gql = await client.gql(
      `mutation ($input: CreateSubscriptionInput!) { createSubscription(input: $input) { __typename ... on AppError { code message } } }`,
      { input: checkout("imperatriz", "PIX") },
    );
    expect(gql.body.data.createSubscription).toMatchObject({ __typename: "AppError", code: "PLAN_NOT_AVAILABLE" });
    expect(await t.app.services.prisma.planSubscription.count({ where: { userId: user.id, status: { not: "canceled" } } })).toBe(0);
    expect(await planOf(t, user.id)).toBe("nobreza");
  });

  it("answers 400, never 500, to checkout bodies of the wrong shape, and the webhook 400 to a malformed event", async () => {
    const { client } = await createMember(t, "5521908", { plan: "nobreza" });
    const good = checkout("alteza", "CREDIT_CARD");
    const bodies: unknown[] = [
      {},
      { plan: 5 },
      { ...good, customer: "maria" },
      { ...good, customer: [] },
      { ...good, creditCard: [] },
      { ...good, creditCard: { ...good.creditCard, number: 4111111111111111 } },
      { ...good, billingCycle: "weekly" },
      { ...good, billingType: "BITCOIN" },
      { ...good, promoCode: { $ne: "" } },
      { ...good, customer: { ...good.customer, name: "x".repeat(10_000) } },
      { ...good, customer: { ...good.customer, cpfCnpj: "111.111.111-11" } },
      { ...good, customer: { ...good.customer, email: "not-an-email" } },
    ];
    for (const body of bodies) {
      const answer = await client.rest("POST", "/api/subscriptions/create", body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
      expect(typeof answer.body.error).toBe("string");
    }
    const token = { "asaas-access-token": await localToken(t) };
    for (const event of [{}, { id: 1, event: "PAYMENT_RECEIVED" }, { id: "evt", event: "PAYMENT_RECEIVED", payment: { id: "p", value: "44.90" } }]) {
      expect((await new TestClient(t.url).rest("POST", "/api/webhooks/asaas", event, token)).status).toBe(400);
    }
  });

  it("a card checkout without the holder's CEP takes it from her profile, or says it is missing; checkouts are counted per member", async () => {
    const { user, client } = await createMember(t, "5521909", { plan: "nobreza" });
    const card = checkout("alteza", "CREDIT_CARD");
    const bare = { ...card, customer: { ...card.customer, postalCode: undefined, addressNumber: undefined } };
    const missing = await client.rest("POST", "/api/subscriptions/create", bare);
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe("CEP é obrigatório para pagamento com cartão");
    await t.app.services.prisma.user.update({ where: { id: user.id }, data: { cep: "01310-100", houseNumber: "1000" } });
    expect((await client.rest("POST", "/api/subscriptions/create", bare)).status).toBe(200);
    // Five checkouts an hour here (CHECKOUTS_PER_HOUR=5): the sixth waits.
    for (let i = 0; i < 3; i++) await client.rest("POST", "/api/subscriptions/create", checkout(i % 2 ? "alteza" : "majestade", "PIX"));
    const sixth = await client.rest("POST", "/api/subscriptions/create", checkout("majestade", "BOLETO"));
    expect(sixth.status).toBe(429);
    expect(await t.app.services.prisma.planSubscription.count({ where: { userId: user.id, status: { not: "canceled" } } })).toBe(1);
  });

  it("no path lets a member give herself a plan she has not paid for", async () => {
    const { user, client } = await createMember(t, "5521905", { plan: "nobreza" });
    const someone = await createMember(t, "5521906", { plan: "nobreza" });
    expect((await client.rest("PATCH", `/api/users/${user.id}/plan`, { plan: "majestade" })).status).toBe(403);
    const created = await client.rest("POST", "/api/subscriptions/create", checkout("majestade", "PIX"));
    const paymentId = created.body.paymentInstructions.paymentId;
    // Someone else cannot confirm it, nor can a webhook without the token.
    expect((await someone.client.rest("POST", `/api/dev/payments/${paymentId}/confirm`, {})).status).toBe(404);
    const forged = { id: "evt_forged", event: "PAYMENT_RECEIVED", dateCreated: "2026-03-10 10:00:00", payment: { id: paymentId, value: 44.9, status: "RECEIVED", billingType: "PIX", dueDate: "2026-03-10" } };
    expect((await webhook(t.url, forged, null)).status).toBe(401);
    expect((await webhook(t.url, forged, "a-guess-of-the-token")).status).toBe(401);
    const profile = await client.gql(`mutation { updateProfile(input: { plan: majestade }) { __typename } }`);
    expect(profile.body.errors ?? profile.body.data.updateProfile.__typename).toBeTruthy();
    expect(await planOf(t, user.id)).toBe("nobreza");
    expect(await t.app.services.prisma.paymentWebhookEvent.count({ where: { eventId: "evt_forged" } })).toBe(0);
  });

  it("imperatriz interest: once per member; the second time 'Already registered' over REST, alreadyRegistered over GraphQL", async () => {
    const { user, client } = await createMember(t, "5521907", { plan: "alteza" });
    expect((await new TestClient(t.url).rest("POST", "/api/imperatriz-interested", {})).status).toBe(401);
    const first = await client.rest("POST", "/api/imperatriz-interested", { userId: 999999, email: "x@y.z", fullName: "Outra", phone: "1", currentPlan: "majestade" });
    expect(first.status).toBe(201);
    const again = await client.rest("POST", "/api/imperatriz-interested", {});
    expect(again.status).toBe(409);
    expect(again.body.error).toBe("Already registered");
    const gql = await client.gql("mutation { registerImperatrizInterest { __typename ... on ImperatrizInterest { alreadyRegistered } } }");
    expect(gql.body.data.registerImperatrizInterest).toEqual({ __typename: "ImperatrizInterest", alreadyRegistered: true });
    const row = await t.app.services.prisma.imperatrizInterest.findUniqueOrThrow({ where: { userId: user.id } });
    expect(row).toMatchObject({ currentPlan: "alteza", phone: user.phone });
  });
});

// ------------------------------------------------------------------------------------------------
describe("billing against ASAAS (a fake ASAAS server)", () => {
  let t: TestApp;
  let asaas: FakeAsaas;
  let clock: { now(): Date } = { now: () => new Date("2026-03-10T12:00:00Z") };
  beforeAll(async () => {
    asaas = await startFakeAsaas({ apiKey: API_KEY, now: () => clock.now() });
    t = await startTestApp({
      PAYMENTS_PROVIDER: "asaas",
      ASAAS_API_URL: asaas.url,
      ASAAS_API_KEY: API_KEY,
      ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
      PAYMENT_GRACE_DAYS: "5",
    });
    clock = t.clock;
    await t.app.services.prisma.promoCode.createMany({
      data: [
        { code: "COROA10", description: "R$ 2,79 off", monthlyDiscountCents: 279, annualDiscountCents: 3000 },
        { code: "SOALTEZA", description: "Só Alteza", monthlyDiscountCents: 500, plans: ["alteza"] },
        { code: "VENCIDO", description: "Acabou", monthlyDiscountCents: 500, validUntil: new Date(t.clock.now().getTime() - DAY) },
        { code: "ESGOTADO", description: "Esgotado", monthlyDiscountCents: 500, maxUses: 1, usesCount: 1 },
      ],
    });
  });
  afterAll(async () => {
    await t?.close();
    await asaas?.close();
  });

  const liveAtAsaas = (customerCpf: string) =>
    [...asaas.state.subscriptions.values()].filter((s) => !s.deleted && asaas.state.customers.get(s.customer)?.cpfCnpj === customerCpf);

  async function subscribe(prefix: string, plan: string, billingType: string, from: "nobreza" | "alteza" | "majestade" = "nobreza", extra: Record<string, unknown> = {}) {
    const member = await createMember(t, prefix, { plan: from });
    const body = checkout(plan, billingType, extra);
    const created = await member.client.rest("POST", "/api/subscriptions/create", body);
    return { ...member, created, body, paymentId: created.body.paymentInstructions?.paymentId as string };
  }

  it("each billing type end to end: subscription at ASAAS, webhook, plan active, meUpdated", async () => {
    for (const [i, type] of ["PIX", "BOLETO", "CREDIT_CARD"].entries()) {
      const { user, client, created, paymentId, body } = await subscribe(`552191${i}`, "majestade", type);
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const sub = asaas.requests.find((r) => r.method === "POST" && r.path === "/subscriptions" && r.body.customer && asaas.state.customers.get(r.body.customer)?.cpfCnpj === body.customer.cpfCnpj);
      expect(sub?.body).toMatchObject({ billingType: type, cycle: "MONTHLY", value: 44.9, externalReference: expect.any(String) });
      expect(await planOf(t, user.id)).toBe("nobreza");
      const ws = client.ws();
      const me = collect(ws, "subscription { meUpdated { plan } }");
      await new Promise((r) => setTimeout(r, 150));
      const answer = await webhook(t.url, asaas.eventFor(paymentId, type === "CREDIT_CARD" ? "PAYMENT_CONFIRMED" : "PAYMENT_RECEIVED"));
      expect(answer.status).toBe(200);
      expect(await planOf(t, user.id)).toBe("majestade");
      expect((await me.next()).meUpdated.plan).toBe("majestade");
      await ws.dispose();
    }
  });

  it("webhook: no token or a wrong one → 401 and nothing recorded; the same event twice has one effect; unknown events answer 200", async () => {
    const { user, paymentId } = await subscribe("5521920", "alteza", "PIX");
    const event = asaas.eventFor(paymentId, "PAYMENT_RECEIVED");
    const before = await t.app.services.prisma.paymentWebhookEvent.count();
    expect((await webhook(t.url, event, null)).status).toBe(401);
    expect((await webhook(t.url, event, "")).status).toBe(401);
    expect((await webhook(t.url, event, WEBHOOK_TOKEN.slice(0, -1) + "x")).status).toBe(401);
    expect(await t.app.services.prisma.paymentWebhookEvent.count()).toBe(before);
    expect(await planOf(t, user.id)).toBe("nobreza");

    expect((await webhook(t.url, event)).body.outcome).toBe("applied");
    expect((await webhook(t.url, event)).body.outcome).toBe("duplicate");
    expect(await t.app.services.prisma.paymentWebhookEvent.count({ where: { eventId: event.id } })).toBe(1);
    expect(await t.app.services.prisma.auditLog.count({ where: { targetId: String(user.id), action: "user.plan.change" } })).toBe(1);

    const unknown = await webhook(t.url, { ...event, id: "evt_unknown_1", payment: { ...event.payment!, id: "pay_nobody", subscription: "sub_nobody" } });
    expect(unknown.status).toBe(200);
    const ignored = await webhook(t.url, { ...event, id: "evt_other_kind", event: "PAYMENT_BANK_SLIP_VIEWED" });
    expect(ignored.status).toBe(200);
    const inherited = await webhook(t.url, { ...event, id: "evt_inherited_name", event: "constructor" });
    expect(inherited.body).toEqual({ received: true, outcome: "ignored: constructor" });
    expect(await t.app.services.prisma.paymentWebhookEvent.count({ where: { eventId: { in: ["evt_unknown_1", "evt_other_kind", "evt_inherited_name"] } } })).toBe(3);
    expect((await webhook(t.url, { nothing: true })).status).toBe(400);
  });

  it("events out of order never move a payment backwards", async () => {
    const { user, paymentId } = await subscribe("5521921", "alteza", "BOLETO");
    const received = asaas.eventFor(paymentId, "PAYMENT_RECEIVED");
    await webhook(t.url, received);
    const late = [
      { ...received, id: "evt_late_created", event: "PAYMENT_CREATED", payment: { ...received.payment!, status: "PENDING" } },
      { ...received, id: "evt_late_overdue", event: "PAYMENT_OVERDUE", payment: { ...received.payment!, status: "OVERDUE" } },
      { ...received, id: "evt_late_confirmed", event: "PAYMENT_CONFIRMED", payment: { ...received.payment!, status: "CONFIRMED" } },
      { ...received, id: "evt_late_deleted", event: "PAYMENT_DELETED" },
    ];
    for (const event of late) expect((await webhook(t.url, event)).status).toBe(200);
    const payment = await t.app.services.prisma.payment.findUniqueOrThrow({ where: { asaasPaymentId: paymentId } });
    expect(payment.status).toBe("received");
    expect(await planOf(t, user.id)).toBe("alteza");
  });

  /** The warnings billing logs while `fn` runs. */
  async function warningsDuring(fn: () => Promise<void>) {
    const warn = vi.spyOn(t.app.services.log, "warn");
    try {
      await fn();
      return warn.mock.calls.map(([fields, message]) => ({ fields, message }));
    } finally {
      warn.mockRestore();
    }
  }
  const mismatchesOf = async (userId: number) =>
    (await t.app.services.prisma.auditLog.findMany({ where: { targetType: "User", targetId: String(userId), action: "payment.mismatch" }, orderBy: { id: "asc" } })).map((a) => a.data);
  const paymentsOf = async (client: TestClient) =>
    (await client.gql("{ myPayments { providerPaymentId status amountCents } }")).body.data.myPayments as { providerPaymentId: string; status: string; amountCents: number }[];

  it("a payment event below the charge keeps the payment pending, gives no plan, is recorded for staff and logged as a warning", async () => {
    const { user, client, paymentId } = await subscribe("5521922", "alteza", "PIX");
    const full = asaas.eventFor(paymentId, "PAYMENT_RECEIVED");
    const cheap = { ...full, id: "evt_low1", payment: { ...full.payment!, value: 0.01 } };
    let answer: Awaited<ReturnType<typeof webhook>> | undefined;
    const warnings = await warningsDuring(async () => {
      answer = await webhook(t.url, cheap);
    });
    expect(answer!.status).toBe(200);
    expect(answer!.body.outcome).toBe("underpaid: 1 of 2790 cents, payment kept pending");
    expect(await planOf(t, user.id)).toBe("nobreza");
    expect(await paymentsOf(client)).toEqual([{ providerPaymentId: paymentId, status: "pending", amountCents: 2790 }]);
    expect(await mismatchesOf(user.id)).toEqual([
      expect.objectContaining({ providerPaymentId: paymentId, eventId: "evt_low1", event: "PAYMENT_RECEIVED", mismatches: [{ field: "value", expectedCents: 2790, receivedCents: 1 }] }),
    ]);
    expect(warnings).toEqual([expect.objectContaining({ fields: expect.objectContaining({ userId: user.id, eventId: "evt_low1" }) })]);
    expect((await t.app.services.prisma.paymentWebhookEvent.findUniqueOrThrow({ where: { eventId: "evt_low1" } })).outcome).toMatch(/^underpaid/);

    // The charge's own value still applies.
    expect((await webhook(t.url, full)).body.outcome).toBe("applied");
    expect(await planOf(t, user.id)).toBe("alteza");
  });

  it("a renewal event below the subscription price, on a payment id never seen, creates no received payment and grants nothing", async () => {
    const { user, client, paymentId } = await subscribe("5521923", "alteza", "PIX");
    const first = asaas.eventFor(paymentId, "PAYMENT_RECEIVED");
    const forged = { ...first, id: "evt_low_renewal", payment: { ...first.payment!, id: "pay_forged_renewal", value: 0.01, status: "RECEIVED" } };
    const warnings = await warningsDuring(async () => {
      expect((await webhook(t.url, forged)).body.outcome).toMatch(/^underpaid: 1 of 2790 cents/);
    });
    expect(await planOf(t, user.id)).toBe("nobreza");
    const payments = await paymentsOf(client);
    expect(payments.filter((p) => p.status === "received")).toEqual([]);
    expect(payments.find((p) => p.providerPaymentId === "pay_forged_renewal")).toEqual({ providerPaymentId: "pay_forged_renewal", status: "pending", amountCents: 2790 });
    expect(await mismatchesOf(user.id)).toEqual([expect.objectContaining({ providerPaymentId: "pay_forged_renewal", mismatches: [{ field: "value", expectedCents: 2790, receivedCents: 1 }] })]);
    expect(warnings).toHaveLength(1);

    // A renewal at the subscription's price is paid as before.
    expect((await webhook(t.url, first)).body.outcome).toBe("applied");
    const renewal = asaas.nextPayment(first.payment!.subscription as string);
    expect((await webhook(t.url, asaas.eventFor(renewal.id, "PAYMENT_RECEIVED"))).body.outcome).toBe("applied");
    expect((await client.gql("{ mySubscription { paidUntil } }")).body.data.mySubscription.paidUntil).toBe("2026-05-10T03:00:00.000Z");
  });

  it("a late boleto paid with interest and fine (above the charge) is paid", async () => {
    const { user, paymentId } = await subscribe("5521924", "alteza", "BOLETO");
    const event = asaas.eventFor(paymentId, "PAYMENT_RECEIVED");
    const late = { ...event, payment: { ...event.payment!, value: 28.84, originalValue: 27.9, interestValue: 0.94 } };
    expect((await webhook(t.url, late)).body.outcome).toBe("applied");
    expect(await planOf(t, user.id)).toBe("alteza");
    expect(await mismatchesOf(user.id)).toEqual([]);
  });

  it("an event naming another member's customer, subscription and reference applies to the payment's owner, and the mismatch is recorded and logged", async () => {
    const owner = await subscribe("5521925", "alteza", "PIX");
    const other = await subscribe("5521926", "majestade", "PIX");
    const theirs = asaas.eventFor(other.paymentId, "PAYMENT_CREATED").payment!;
    const event = asaas.eventFor(owner.paymentId, "PAYMENT_RECEIVED");
    const crossed = { ...event, payment: { ...event.payment!, customer: theirs.customer, subscription: theirs.subscription, externalReference: theirs.externalReference } };
    let outcome = "";
    const warnings = await warningsDuring(async () => {
      outcome = (await webhook(t.url, crossed)).body.outcome;
    });
    expect(outcome).toBe("applied (mismatch: customer, subscription, externalReference)");
    expect(await planOf(t, owner.user.id)).toBe("alteza");
    expect(await planOf(t, other.user.id)).toBe("nobreza");
    expect(await mismatchesOf(other.user.id)).toEqual([]);
    expect(await mismatchesOf(owner.user.id)).toEqual([
      expect.objectContaining({
        providerPaymentId: owner.paymentId,
        mismatches: [
          { field: "customer", expected: event.payment!.customer, received: theirs.customer },
          { field: "subscription", expected: event.payment!.subscription, received: theirs.subscription },
          { field: "externalReference", expected: event.payment!.externalReference, received: theirs.externalReference },
        ],
      }),
    ]);
    expect(warnings).toEqual([expect.objectContaining({ fields: expect.objectContaining({ userId: owner.user.id }) })]);
  });

  it("100 deliveries at once, a fifth of them duplicates, leave exactly the right plans and payments", async () => {
    const members = [];
    for (let i = 0; i < 20; i++) members.push(await subscribe(`55219${30 + i}`, i % 2 ? "majestade" : "alteza", "PIX"));
    const unique = members.flatMap((m) => [
      asaas.eventFor(m.paymentId, "PAYMENT_CONFIRMED"),
      asaas.eventFor(m.paymentId, "PAYMENT_RECEIVED"),
      { ...asaas.eventFor(m.paymentId, "PAYMENT_RECEIVED"), id: `evt_viewed_${m.paymentId}`, event: "PAYMENT_CHECKOUT_VIEWED" },
      { ...asaas.eventFor(m.paymentId, "PAYMENT_RECEIVED"), id: `evt_updated_${m.paymentId}`, event: "PAYMENT_UPDATED" },
    ]);
    expect(unique).toHaveLength(80);
    const deliveries = [...unique, ...unique.filter((_, i) => i % 4 === 0)];
    expect(deliveries).toHaveLength(100);
    const answers = await Promise.all(deliveries.sort(() => Math.random() - 0.5).map((e) => webhook(t.url, e)));
    expect(answers.filter((a) => a.status !== 200).map((a) => a.body)).toEqual([]);
    expect(answers.filter((a) => a.body.outcome === "duplicate")).toHaveLength(20);
    for (const [i, m] of members.entries()) {
      expect(await planOf(t, m.user.id)).toBe(i % 2 ? "majestade" : "alteza");
      const payments = await t.app.services.prisma.payment.findMany({ where: { userId: m.user.id } });
      expect(payments.map((p) => p.status)).toEqual(["received"]);
      expect(await t.app.services.prisma.auditLog.count({ where: { targetId: String(m.user.id), action: "user.plan.change" } })).toBe(1);
    }
    expect(await t.app.services.prisma.paymentWebhookEvent.count({ where: { eventId: { in: unique.map((e) => e.id) } } })).toBe(80);
  });

  it("migration: when ASAAS cannot cancel the current subscription it is 'Erro na migração' and nothing changes; then it goes through in order", async () => {
    const { user, client, paymentId, body } = await subscribe("5521960", "alteza", "PIX");
    await webhook(t.url, asaas.eventFor(paymentId, "PAYMENT_RECEIVED"));
    expect(await planOf(t, user.id)).toBe("alteza");
    const cpf = body.customer.cpfCnpj;
    const migrate = { ...checkout("majestade", "BOLETO"), customer: body.customer };

    asaas.failNext("DELETE", /^\/subscriptions\//, { status: 500, body: { errors: [{ code: "internal", description: "erro" }] } });
    const failed = await client.rest("POST", "/api/subscriptions/create", migrate);
    expect(failed.status).toBe(502);
    expect(failed.body).toMatchObject({ code: "MIGRATION_FAILED", error: expect.stringContaining("Não foi possível cancelar a assinatura atual") });
    expect(liveAtAsaas(cpf)).toHaveLength(1);
    expect(await planOf(t, user.id)).toBe("alteza");
    expect(await t.app.services.prisma.planSubscription.count({ where: { userId: user.id, status: { not: "canceled" } } })).toBe(1);

    const migrated = await client.rest("POST", "/api/subscriptions/create", migrate);
    expect(migrated.status).toBe(200);
    expect(migrated.body.isMigration).toBe(true);
    // Never two at ASAAS: the old one went first; she keeps alteza, paid for, until the new one is paid.
    expect(liveAtAsaas(cpf).map((s) => s.value)).toEqual([44.9]);
    expect(await planOf(t, user.id)).toBe("alteza");
    await webhook(t.url, asaas.eventFor(migrated.body.paymentInstructions.paymentId, "PAYMENT_RECEIVED"));
    expect(await planOf(t, user.id)).toBe("majestade");

    // Downgrade to a lower paid plan is a migration too; to nobreza is a cancellation.
    const down = await client.rest("POST", "/api/subscriptions/create", { ...checkout("alteza", "PIX"), customer: body.customer });
    expect(down.body.isMigration).toBe(true);
    expect(await planOf(t, user.id)).toBe("majestade");
    await webhook(t.url, asaas.eventFor(down.body.paymentInstructions.paymentId, "PAYMENT_RECEIVED"));
    expect(await planOf(t, user.id)).toBe("alteza");
    expect(liveAtAsaas(cpf)).toHaveLength(1);

    asaas.failNext("DELETE", /^\/subscriptions\//, { status: 503 });
    const cancelFailed = await client.rest("POST", "/api/subscriptions/cancel", {});
    expect(cancelFailed.status).toBe(502);
    expect(cancelFailed.body.error).toBe("Não foi possível cancelar a assinatura. Tente novamente.");
    expect(await planOf(t, user.id)).toBe("alteza");
    const cancelled = await client.rest("POST", "/api/subscriptions/cancel", {});
    expect(cancelled.body).toMatchObject({ success: true, message: "Assinatura cancelada", user: { plan: "nobreza" } });
    expect(liveAtAsaas(cpf)).toHaveLength(0);
    expect((await client.rest("POST", "/api/subscriptions/cancel", {})).body.error).toBe("Somente planos pagos podem ser cancelados");
  });

  it("an overdue payment keeps the plan through the grace period, then she returns to nobreza and ASAAS's subscription is cancelled", async () => {
    const { user, client, paymentId, body } = await subscribe("5521961", "alteza", "PIX");
    await webhook(t.url, asaas.eventFor(paymentId, "PAYMENT_RECEIVED"));
    const subscriptionId = [...asaas.state.payments.values()].find((p) => p.id === paymentId)!.subscription as string;
    const next = asaas.nextPayment(subscriptionId);
    expect((await webhook(t.url, asaas.eventFor(next.id, "PAYMENT_OVERDUE"))).body.outcome).toBe("applied");
    const ws = client.ws();
    const me = collect(ws, "subscription { meUpdated { plan } }");
    await new Promise((r) => setTimeout(r, 150));

    t.clock.set(new Date("2026-04-12T12:00:00Z")); // two days past the paid month
    await t.app.services.billing.sweep();
    expect(await planOf(t, user.id)).toBe("alteza");
    t.clock.set(new Date("2026-04-16T12:00:00Z")); // six days past: the grace period (5) is over
    const round = await t.app.services.billing.sweep();
    expect(round.plansEnded).toBeGreaterThanOrEqual(1);
    expect(await planOf(t, user.id)).toBe("nobreza");
    expect((await me.next()).meUpdated.plan).toBe("nobreza");
    expect(liveAtAsaas(body.customer.cpfCnpj)).toHaveLength(0);
    // Idempotent: another round (as another instance would run) changes nothing.
    await t.app.services.billing.sweep();
    expect(await t.app.services.prisma.auditLog.count({ where: { targetId: String(user.id), action: "user.plan.change" } })).toBe(2);
    await ws.dispose();
    t.clock.set(new Date("2026-03-10T12:00:00Z"));
  });

  it("promo codes are judged again when charging: expired, used up, for another plan refused; a valid one lowers the charge and counts when paid", async () => {
    const cases: [string, string, string][] = [
      ["VENCIDO", "alteza", "Este código promocional expirou"],
      ["ESGOTADO", "alteza", "Este código promocional já foi usado o máximo de vezes"],
      ["SOALTEZA", "majestade", "Este código promocional não vale para o plano Majestade"],
    ];
    for (const [i, [code, plan, error]] of cases.entries()) {
      const { created } = await subscribe(`552197${i}`, plan, "PIX", "nobreza", { promoCode: code });
      expect(created.status).toBe(400);
      expect(created.body).toMatchObject({ code: "PROMO_INVALID", error });
    }
    const { created, paymentId, user } = await subscribe("5521975", "majestade", "PIX", "nobreza", { promoCode: "coroa10" });
    expect(created.body.paymentInstructions.value).toBe(42.11);
    expect(asaas.state.payments.get(paymentId)!.value).toBe(42.11);
    expect((await t.app.services.prisma.promoCode.findUniqueOrThrow({ where: { code: "COROA10" } })).usesCount).toBe(0);
    // The charge is the price after the promo: a cent below it is not a payment.
    const confirmed = asaas.eventFor(paymentId, "PAYMENT_CONFIRMED");
    expect((await webhook(t.url, { ...confirmed, id: "evt_promo_low", payment: { ...confirmed.payment!, value: 42.1 } })).body.outcome).toMatch(/^underpaid: 4210 of 4211 cents/);
    expect(await planOf(t, user.id)).toBe("nobreza");
    await webhook(t.url, confirmed);
    expect((await t.app.services.prisma.promoCode.findUniqueOrThrow({ where: { code: "COROA10" } })).usesCount).toBe(1);
    expect(await planOf(t, user.id)).toBe("majestade");
  });

  it("a refund or chargeback takes the plan back", async () => {
    const { user, paymentId } = await subscribe("5521980", "majestade", "CREDIT_CARD");
    await webhook(t.url, asaas.eventFor(paymentId, "PAYMENT_CONFIRMED"));
    expect(await planOf(t, user.id)).toBe("majestade");
    await webhook(t.url, asaas.eventFor(paymentId, "PAYMENT_CHARGEBACK_REQUESTED"));
    expect(await planOf(t, user.id)).toBe("nobreza");
  });

  it("the demo control does not exist with a real provider", async () => {
    const { client, paymentId } = await subscribe("5521981", "alteza", "PIX");
    expect((await client.rest("POST", `/api/dev/payments/${paymentId}/confirm`, {})).status).toBe(404);
    expect((await client.gql("{ paymentsProvider demoPayments }")).body.data).toEqual({ paymentsProvider: "asaas", demoPayments: false });
  });
});

describe("simulated payments in production", () => {
  it("offer no demo control, even where the local provider is allowed", async () => {
    const t = await startTestApp({ NODE_ENV: "production", ALLOW_LOCAL_WHATSAPP_IN_PRODUCTION: "true", ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: "true" });
    try {
      const { user, client } = await createMember(t, "5521995", { plan: "nobreza" });
      const created = await client.rest("POST", "/api/subscriptions/create", checkout("alteza", "PIX"));
      expect(created.status).toBe(200);
      expect((await client.rest("POST", `/api/dev/payments/${created.body.paymentInstructions.paymentId}/confirm`, {})).status).toBe(404);
      expect((await client.gql("{ demoPayments paymentsProvider }")).body.data).toEqual({ demoPayments: false, paymentsProvider: "local" });
      expect(await planOf(t, user.id)).toBe("nobreza");
    } finally {
      await t.close();
    }
  });
});

// ------------------------------------------------------------------------------------------------
describe("card data", () => {
  it("after a card checkout the card number and CVV are in no table and no log line", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ level: "trace", redact: { paths: REDACTED, censor: "[removido]" } }, sink);
    const config = loadConfig({ NODE_ENV: "test", SEED_DEMO: "never", DATA_DIR: "memory", WEB_DIST: "/nonexistent", LOG_LEVEL: "trace" });
    const clock = new ManualClock(new Date("2026-03-10T12:00:00Z"));
    const app = await createApp({ config, clock, log });
    const url = await app.listen(0, "127.0.0.1");
    try {
      const t = { app, url, clock, config, close: () => app.close() } as unknown as TestApp;
      const { user, client } = await createMember(t, "5521990", { plan: "nobreza" });
      const number = "5162306219378829";
      const body = checkout("alteza", "CREDIT_CARD", { creditCard: { holderName: "MARIA SOUZA", number, expiryMonth: "11", expiryYear: "2031", ccv: "987" } });
      const created = await client.rest("POST", "/api/subscriptions/create", body);
      expect(created.status).toBe(200);
      expect(JSON.stringify(created.body)).not.toContain(number);
      await eventually(async () => (await planOf({ app }, user.id)) === "alteza", 3000, "card confirmation");
      // A refused one and a malformed one are logged too, if at all, without the number.
      await client.gql(`mutation ($input: CreateSubscriptionInput!) { createSubscription(input: $input) { __typename } }`, {
        input: { ...body, creditCard: { ...body.creditCard, number: "4000000000000002" } },
      });
      const tables = await app.services.db.raw.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
      );
      expect(tables.length).toBeGreaterThan(10);
      for (const { table_name } of tables) {
        const rows = await app.services.db.raw.query(`SELECT * FROM "${table_name}"`);
        const text = JSON.stringify(rows);
        expect(text, table_name).not.toContain(number);
        expect(text, table_name).not.toContain("4000000000000002");
      }
      const payment = await app.services.prisma.payment.findFirstOrThrow({ where: { userId: user.id } });
      expect(payment).toMatchObject({ cardLast4: "8829", cardBrand: expect.any(String) });
      expect(lines.length).toBeGreaterThan(0);
      // Her session is in no line either: request lines name the request without its headers, and
      // the cookie set in an answer is removed.
      const session = client.cookieHeader.split("; ").find((pair) => pair.startsWith(`${SESSION_COOKIE}=`))!.split("=")[1];
      expect(session.length).toBeGreaterThan(20);
      const checkoutLine = lines.map((line) => JSON.parse(line) as { req?: Record<string, unknown>; res?: { statusCode: number } }).find((line) => line.req?.url === "/api/subscriptions/create");
      expect(checkoutLine).toMatchObject({ req: { method: "POST", url: "/api/subscriptions/create" }, res: { statusCode: 200 } });
      expect(Object.keys(checkoutLine!.req!).sort()).toEqual(["id", "method", "remoteAddress", "url"]);
      expect((await client.rest("POST", "/api/auth/logout")).status).toBe(200);
      expect(lines.find((line) => line.includes('"url":"/api/auth/logout"'))).toContain('"set-cookie":"[removido]"');
      for (const line of lines) {
        expect(line).not.toContain(number);
        expect(line).not.toContain("4000000000000002");
        expect(line).not.toMatch(/"ccv":"987"/);
        expect(line).not.toContain(session);
      }
    } finally {
      await app.close();
    }
  });
});
