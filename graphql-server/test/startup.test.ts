import { describe, expect, it } from "vitest";
import { DEMO_SUPERUSER_PHONE } from "../src/seed/demo.js";
import { TestClient, withTwoInstances } from "./harness.js";

describe("start-up of several instances", () => {
  it("brings up two instances started together on an empty database with SEED_DEMO=always, seeding the demo club once", async () => {
    await withTwoInstances({ SEED_DEMO: "always" }, async (a, b) => {
      for (const instance of [a, b]) {
        const health = await new TestClient(instance.url).rest("GET", "/healthz");
        expect(health.status).toBe(200);
        expect(health.body.status).toBe("ok");
      }
      // The demo club has exactly 80 offers, 3 banners and one superuser: twice the seed would double them.
      const { prisma } = b.app.services;
      expect(await prisma.offer.count()).toBe(80);
      expect(await prisma.banner.count()).toBe(3);
      expect(await prisma.user.count({ where: { role: "superuser" } })).toBe(1);
      expect(await prisma.user.count({ where: { phone: DEMO_SUPERUSER_PHONE } })).toBe(1);
      const board = await new TestClient(a.url).rest("GET", "/api/offers");
      expect(board.status).toBe(200);
      expect(board.body).toHaveLength(80);
    });
  }, 180_000);
});
