import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONSENT_MESSAGES, CONSENT_PURPOSES, CONSENT_TEXTS } from "@clube-coroa/schema";
import { completeProfile, createMember, eventually, startTestApp, TestClient, withTwoInstances, type TestApp } from "./harness.js";

// Her data, her rights (issue 30): consents she reads and changes, and who saw her data.
const PREFIX = "55691";
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let key: string;
const prisma = () => t.app.services.prisma;

async function partnerKey(app: TestApp, superuser: TestClient, name: string): Promise<string> {
  const created = await superuser.gql(`mutation($name: String!) { createPartnerApiKey(name: $name) { ... on CreatedPartnerApiKey { key } } }`, { name });
  void app;
  return created.body.data.createPartnerApiKey.key;
}
const partner = (app: TestApp, k: string) => ({
  gql: (query: string, variables?: Record<string, unknown>) => new TestClient(app.url).gql(query, variables, { authorization: `Bearer ${k}` }),
});
const ROWS = `{ sponsorData(first: 200) { total rows { id fullName phone } } }`;
const STATS = `{ sponsorStats { total } }`;

/** A member who completed her profile through the form, sharing with sponsors as asked. */
async function formMember(share: boolean, whatsapp = true) {
  const member = await createMember(t, PREFIX);
  await prisma().user.update({ where: { id: member.user.id }, data: { profileComplete: false } });
  const saved = await member.client.rest("PUT", "/api/profile", completeProfile({ shareWithSponsors: share, whatsappNotificationsEnabled: whatsapp, businessType: "produto" }));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return member;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await createMember(t, PREFIX, { role: "superuser", nickname: "Bia" });
  key = await partnerKey(t, admin.client, "Marca Parceira Ltda");
});
afterAll(async () => {
  await t?.close();
});

describe("consents", () => {
  it("records the profile form's choices and answers GET /api/user/consents with one entry per purpose", async () => {
    const { client } = await formMember(true, false);
    const answer = await client.rest("GET", "/api/user/consents");
    expect(answer.status).toBe(200);
    expect(answer.body.map((c: { purpose: string }) => c.purpose)).toEqual([...CONSENT_PURPOSES]);
    const by = Object.fromEntries(answer.body.map((c: { purpose: string }) => [c.purpose, c]));
    for (const purpose of ["terms", "privacy", "lgpd", "sponsors"]) {
      expect(by[purpose]).toMatchObject({ granted: true, version: CONSENT_TEXTS[purpose as "terms"].version, source: "perfil" });
      expect(Date.parse(by[purpose].at)).not.toBeNaN();
    }
    expect(by.whatsapp).toMatchObject({ granted: false, source: "perfil" });
    expect(by.push).toMatchObject({ granted: false });
  });

  it("answers a member from before the records with her profile's state, source 'migração'", async () => {
    const { client } = await createMember(t, PREFIX, { whatsappNotificationsEnabled: true });
    const answer = await client.rest("GET", "/api/user/consents");
    const by = Object.fromEntries(answer.body.map((c: { purpose: string }) => [c.purpose, c]));
    expect(by.whatsapp).toEqual({ purpose: "whatsapp", granted: true, version: "2026-11-01", at: null, source: "migração" });
    expect(by.sponsors).toMatchObject({ granted: false, source: "migração" });
  });

  it("revoking sponsors is the profile's shareWithSponsors, recorded in the history", async () => {
    const { client, user } = await formMember(true);
    const revoked = await client.rest("POST", "/api/user/consents", { purpose: "sponsors", granted: false });
    expect(revoked.status).toBe(200);
    expect(revoked.body.find((c: { purpose: string }) => c.purpose === "sponsors")).toMatchObject({ granted: false, source: "meus-dados" });
    expect((await prisma().user.findUniqueOrThrow({ where: { id: user.id } })).shareWithSponsors).toBe(false);
    const profile = await client.rest("GET", "/api/profile");
    expect(profile.body.shareWithSponsors).toBe(false);
    const history = await client.rest("GET", "/api/user/consents?history=1");
    expect(history.body.filter((e: { purpose: string }) => e.purpose === "sponsors").map((e: { granted: boolean; source: string }) => [e.granted, e.source])).toEqual([
      [false, "meus-dados"],
      [true, "perfil"],
    ]);
    // whatsapp through GraphQL: the same column as the profile's switch.
    const off = await client.gql(`mutation { setConsent(purpose: whatsapp, granted: false) { ... on Consents { current { purpose granted } } } }`);
    expect(off.body.data.setConsent.current.find((c: { purpose: string }) => c.purpose === "whatsapp").granted).toBe(false);
    expect((await prisma().user.findUniqueOrThrow({ where: { id: user.id } })).whatsappNotificationsEnabled).toBe(false);
  });

  it("refuses to revoke terms, privacy or LGPD (deleting the account is the way out), an unknown purpose and a non-boolean", async () => {
    const { client, user } = await formMember(false);
    for (const purpose of ["terms", "privacy", "lgpd"]) {
      const answer = await client.rest("POST", "/api/user/consents", { purpose, granted: false });
      expect(answer.status).toBe(400);
      expect(answer.body.error).toBe(CONSENT_MESSAGES.cannotRevoke);
      expect(answer.body.error).toMatch(/exclua sua conta/);
    }
    expect(await prisma().consentEvent.count({ where: { userId: user.id, granted: false, purpose: { in: ["terms", "privacy", "lgpd"] } } })).toBe(0);
    const unknown = await client.rest("POST", "/api/user/consents", { purpose: "marketing", granted: true });
    expect([unknown.status, unknown.body.error]).toEqual([400, CONSENT_MESSAGES.unknownPurpose]);
    const notBoolean = await client.rest("POST", "/api/user/consents", { purpose: "sponsors", granted: "sim" });
    expect([notBoolean.status, notBoolean.body.error]).toEqual([400, CONSENT_MESSAGES.grantedNotBoolean]);
    const gql = await client.gql(`mutation { setConsent(purpose: lgpd, granted: false) { __typename ... on AppError { message } } }`);
    expect(gql.body.data.setConsent).toEqual({ __typename: "AppError", message: CONSENT_MESSAGES.cannotRevoke });
  });

  it("refuses without a session", async () => {
    expect((await new TestClient(t.url).rest("GET", "/api/user/consents")).status).toBe(401);
    expect((await new TestClient(t.url).rest("POST", "/api/user/consents", { purpose: "sponsors", granted: true })).status).toBe(401);
    expect((await new TestClient(t.url).rest("GET", "/api/user/data-sharing")).status).toBe(401);
  });

  it("asks again for a text she accepted in an older version, until she accepts the new one", async () => {
    const { client, user } = await formMember(false);
    await prisma().consentEvent.create({ data: { userId: user.id, purpose: "terms", granted: true, version: "2025-01-01", source: "perfil", createdAt: t.clock.now() } });
    const before = await client.gql(`{ myConsents { pending current { purpose version } } }`);
    expect(before.body.data.myConsents.pending).toEqual(["terms"]);
    const accepted = await client.rest("POST", "/api/user/consents", { purpose: "terms", granted: true });
    expect(accepted.status).toBe(200);
    const after = await client.gql(`{ myConsents { pending } }`);
    expect(after.body.data.myConsents.pending).toEqual([]);
  });
});

describe("revoking sponsors", () => {
  it("takes her out of sponsorData, sponsorStats and the sponsor CSV at once (the counts' cache too)", async () => {
    // Five more consenting members so that the total is published (groups under 5 are null).
    const members = [];
    for (let i = 0; i < 6; i++) members.push(await formMember(true));
    const she = members[0]!;
    const p = partner(t, key);
    const statsBefore = (await p.gql(STATS)).body.data.sponsorStats.total;
    expect(statsBefore).toBe(await prisma().user.count({ where: { shareWithSponsors: true } }));
    expect((await p.gql(ROWS)).body.data.sponsorData.rows.map((r: { id: number }) => r.id)).toContain(she.user.id);

    expect((await she.client.rest("POST", "/api/user/consents", { purpose: "sponsors", granted: false })).status).toBe(200);
    const rows = (await p.gql(ROWS)).body.data.sponsorData;
    expect(rows.rows.map((r: { id: number }) => r.id)).not.toContain(she.user.id);
    expect((await p.gql(STATS)).body.data.sponsorStats.total).toBe(statsBefore - 1);
    const csv = await admin.client.rest("GET", "/api/admin/sponsor-users?format=csv");
    expect(csv.status).toBe(200);
    expect(String(csv.body)).not.toContain(she.user.fullName ?? "Maria Aparecida Souza");
    expect(String(csv.body).split("\r\n").filter(Boolean).length - 1).toBe(rows.total);
  });

  it("a partner reading on another instance gets neither her row nor her count within a second", async () => {
    await withTwoInstances({}, async (a, b) => {
      const bAdmin = await createMember(b, "55692", { role: "superuser" });
      const k = await partnerKey(b, bAdmin.client, "Marca de B");
      const consenting = [];
      for (let i = 0; i < 6; i++) {
        const m = await createMember(a, "55692");
        await a.app.services.prisma.user.update({ where: { id: m.user.id }, data: { shareWithSponsors: true } });
        consenting.push(m);
      }
      const p = partner(b, k);
      expect((await p.gql(STATS)).body.data.sponsorStats.total).toBe(6); // B keeps these counts for a minute
      const she = consenting[0]!;
      const revoked = await she.client.rest("POST", "/api/user/consents", { purpose: "sponsors", granted: false });
      expect(revoked.status).toBe(200);
      const started = Date.now();
      await eventually(async () => (await p.gql(STATS)).body.data.sponsorStats.total === 5, 1000, "B's counts without her");
      const rows = (await p.gql(ROWS)).body.data.sponsorData.rows.map((r: { id: number }) => r.id);
      expect(rows).not.toContain(she.user.id);
      expect(Date.now() - started).toBeLessThan(1000);
    });
  });
});

describe("who saw my data", () => {
  it("logs a partner's page of rows once per member and day, with the fields read, in one statement per answer", async () => {
    const a = await formMember(true);
    const b = await formMember(true);
    const other = await formMember(false);
    const p = partner(t, key);
    await p.gql(`{ sponsorData(first: 200) { rows { id fullName } } }`);
    await p.gql(`{ sponsorData(first: 200) { rows { email } } }`);
    await p.gql(`{ sponsorData { total } }`); // a count reads no one's row

    // Written beside the answer: there within moments.
    await eventually(async () => (await a.client.rest("GET", "/api/user/data-sharing")).body[0]?.count === 2, 2000, "both reads logged");
    const log = await a.client.rest("GET", "/api/user/data-sharing");
    expect(log.status).toBe(200);
    expect(log.body).toEqual([{ recipient: "Marca Parceira Ltda", kind: "partner", day: "2026-03-10", fields: ["email", "fullName", "id"], count: 2 }]);
    expect((await b.client.gql(`{ myDataSharing { recipient kind count } }`)).body.data.myDataSharing).toEqual([{ recipient: "Marca Parceira Ltda", kind: "partner", count: 2 }]);
    expect((await other.client.rest("GET", "/api/user/data-sharing")).body).toEqual([]);
  });

  it("logs a staff export (CSV of sponsors, Excel of every member) under the superuser's name, newest day first", async () => {
    const she = await formMember(true);
    const notSharing = await formMember(false);
    expect((await admin.client.rest("GET", "/api/admin/sponsor-users?format=csv")).status).toBe(200);
    t.clock.set(new Date("2026-03-11T12:00:00Z"));
    try {
      expect((await admin.client.rest("GET", "/api/admin/users-download")).status).toBe(200);
    } finally {
      t.clock.set(new Date("2026-03-10T12:00:00Z"));
    }
    const log = (await she.client.rest("GET", "/api/user/data-sharing")).body.filter((e: { kind: string }) => e.kind === "staff");
    expect(log.map((e: { day: string; recipient: string }) => [e.day, e.recipient])).toEqual([
      ["2026-03-11", "Equipe do clube (Bia)"],
      ["2026-03-10", "Equipe do clube (Bia)"],
    ]);
    expect(log[1].fields).toContain("phone");
    expect(log[0].fields).toContain("birthDate");
    const hers = (await notSharing.client.rest("GET", "/api/user/data-sharing")).body;
    expect(hers.map((e: { day: string }) => e.day)).toEqual(["2026-03-11"]); // only the Excel of every member
  });
});
