import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ AFFILIATE_LOOKUPS_PER_MINUTE: "20" });
});
afterAll(() => t?.close());

describe("GET /api/affiliate/{code}", () => {
  it("names the ambassador of a member's code, without a session, and nothing more about her", async () => {
    const { user } = await createMember(t, "5531901", { nickname: "Bia Doces" });
    await t.app.services.prisma.user.update({ where: { id: user.id }, data: { email: "bia@example.com", cpf: "52998224725", city: "Belo Horizonte" } });
    const visitor = new TestClient(t.url);
    for (const code of [`kc${user.id}`, `KC${user.id}`]) {
      const answer = await visitor.rest("GET", `/api/affiliate/${code}`);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ success: true, ambassador: { fullName: user.fullName, nickname: "Bia Doces" } });
    }
  });

  it("answers success: false with 'Convite inválido' for codes that name no member", async () => {
    const visitor = new TestClient(t.url);
    for (const code of ["kc999999", "kc", "kcabc", "12", "kc99999999999", "kc1%00", "x".repeat(300)]) {
      const answer = await visitor.rest("GET", `/api/affiliate/${code}`);
      expect({ code, status: answer.status, success: answer.body.success }).toEqual({ code, status: 404, success: false });
    }
    const unknown = await visitor.rest("GET", "/api/affiliate/kc999999");
    expect(unknown).toMatchObject({ status: 404, body: { success: false, error: "Convite inválido" } });
  });

  it("counts lookups per address, so member ids cannot be walked quickly", async () => {
    const fresh = await startTestApp({ AFFILIATE_LOOKUPS_PER_MINUTE: "3" });
    try {
      const visitor = new TestClient(fresh.url);
      for (let i = 0; i < 3; i++) expect((await visitor.rest("GET", `/api/affiliate/kc${1000 + i}`)).status).toBe(404);
      const limited = await visitor.rest("GET", "/api/affiliate/kc1");
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(limited.body).toMatchObject({ success: false, code: "RATE_LIMITED" });
    } finally {
      await fresh.close();
    }
  });
});
