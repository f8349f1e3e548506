import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SPONSOR_FILTERS } from "@clube-coroa/schema";
import { mulberry32 } from "../src/seed/demo.js";
import { determinedByElimination, determinedBySubtraction, PublishedCounts, smallDetermined, type StatsAnswer } from "./disclosure-audit.js";
import { createMember, startTestApp, TestClient, type TestApp } from "./harness.js";

// Partners' counts (issue 23): no answer of sponsorStats, alone or beside the others, gives away a
// group of 1 to 4 members. The club below has the shape of the security probe's (2026-11-27,
// finding 1): small groups in centro-oeste, online, iniciante and 26-35, whose complements were
// published by a filtered query.
const PREFIX = "55483";
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
let key: string;

const GROUPS = "{ key count }";
const FIELDS = ["byRegion", "byPlan", "byBusinessType", "byServiceType", "byProfile", "byAgeBand"] as const;
const STATS_QUERY = `query($filter: SponsorFilter) { sponsorStats(filter: $filter) { total ${FIELDS.map((f) => `${f} ${GROUPS}`).join(" ")} } }`;
const FILTERS = [
  { filter: "region", field: "byRegion", values: SPONSOR_FILTERS.region },
  { filter: "businessType", field: "byBusinessType", values: SPONSOR_FILTERS.businessType },
  { filter: "serviceType", field: "byServiceType", values: SPONSOR_FILTERS.serviceType },
  { filter: "profile", field: "byProfile", values: SPONSOR_FILTERS.profile },
  { filter: "age", field: "byAgeBand", values: SPONSOR_FILTERS.age },
] as const;

// 58 seeded members and the superuser (no state, plan majestade, nothing else filled in): 59, as in
// the finding. Each list is what the seeded members hold; null is 'não-informado'.
const times = <T>(value: T, n: number): T[] => Array.from({ length: n }, () => value);
const CLUB = {
  state: [...times("AM", 4), ...times("PA", 3), ...times("BA", 8), "DF", "GO", "MT", ...times("SP", 14), ...times("MG", 10), ...times("RS", 7), ...times(null, 9)],
  businessType: [...times("produto", 30), ...times("serviço", 20), ...times(null, 8)],
  serviceType: [...times("online", 4), ...times("presencial", 6), ...times("híbrido", 20), ...times(null, 28)],
  entrepreneurProfile: [...times("iniciante", 4), ...times("avançada", 6), ...times("deseja-empreender", 19), ...times(null, 29)],
  // On 2026-03-10: 18-25, 26-35, 36-45, 46+.
  birthDate: [...times("2003-05-01", 6), ...times("1994-05-01", 4), ...times("1985-05-01", 15), ...times("1970-05-01", 14), ...times(null, 19)],
  plan: [...times("nobreza", 20), ...times("alteza", 18), ...times("majestade", 12), ...times("imperatriz", 8)],
} as const;

/** The lists above dealt out in an order of their own each, so the cross-tables hold small cells of every kind. */
function clubMembers() {
  const random = mulberry32(23);
  const shuffled = Object.fromEntries(
    Object.entries(CLUB).map(([column, values]) => {
      const list = [...values] as (string | null)[];
      for (let i = list.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1));
        [list[i], list[j]] = [list[j]!, list[i]!];
      }
      return [column, list];
    }),
  ) as Record<keyof typeof CLUB, (string | null)[]>;
  return Array.from({ length: 58 }, (_, i) => ({
    phone: `${PREFIX}9${String(i + 1).padStart(7, "0")}`,
    fullName: `Sócia ${i + 1}`,
    plan: shuffled.plan[i] as "nobreza",
    state: shuffled.state[i]!,
    businessType: shuffled.businessType[i]!,
    serviceType: shuffled.serviceType[i]!,
    entrepreneurProfile: shuffled.entrepreneurProfile[i]!,
    birthDate: shuffled.birthDate[i] ? new Date(`${shuffled.birthDate[i]}T00:00:00Z`) : null,
    // Everyone consents: the counts are of consenting members only (decision 0283).
    shareWithSponsors: true,
    profileComplete: true,
  }));
}

const ask = (filter?: Record<string, string>) => new TestClient(t.url).gql(STATS_QUERY, { filter }, { authorization: `Bearer ${key}` });
async function stats(filter?: Record<string, string>): Promise<StatsAnswer> {
  const answer = await ask(filter);
  expect(answer.body.errors, JSON.stringify(filter)).toBeUndefined();
  return answer.body.data.sponsorStats;
}
const count = (answer: StatsAnswer, field: string, group: string) => (answer[field] as { key: string; count: number | null }[]).find((g) => g.key === group)!.count;

beforeAll(async () => {
  t = await startTestApp();
  admin = await createMember(t, PREFIX, { plan: "majestade" });
  await t.app.services.prisma.user.update({ where: { id: admin.user.id }, data: { role: "superuser", shareWithSponsors: true } });
  await t.app.services.prisma.user.createMany({ data: clubMembers() });
  const created = await admin.client.gql(`mutation { createPartnerApiKey(name: "Marca Auditora") { ... on CreatedPartnerApiKey { key } } }`);
  key = created.body.data.createPartnerApiKey.key;
});
afterAll(async () => {
  await t?.close();
});

describe("sponsorStats across answers", () => {
  it("gives no filtered count of a group its unfiltered table hides, so the finding's subtraction finds nothing", async () => {
    const all = await stats();
    expect(all.total).toBe(59);
    // The finding: total 59; norte null, nordeste 8, centro-oeste null (3), sudeste 24, sul 7, não-informado 10.
    expect((all.byRegion as { count: number | null }[]).map((g) => g.count)).toEqual([null, 8, null, 24, 7, 10]);
    for (const [field, small] of [["byServiceType", "online"], ["byProfile", "iniciante"], ["byAgeBand", "26-35"]] as const) {
      expect(count(all, field, small)).toBeNull();
    }
    for (const { filter, field, values } of FILTERS) {
      const hidden = values.filter((value) => count(all, field, value) === null);
      let rest = all.total! - (all[field] as { count: number | null }[]).reduce((sum, g) => sum + (g.count ?? 0), 0);
      for (const value of hidden) {
        const filtered = await stats({ [filter]: value });
        expect(filtered.total, `${filter}=${value}`).toBeNull();
        for (const list of FIELDS) expect((filtered[list] as { count: number | null }[]).every((g) => g.count === null), `${filter}=${value} ${list}`).toBe(true);
        rest -= filtered.total ?? 0;
      }
      // What is left is the sum of the hidden groups, never a small one.
      expect(rest === 0 || rest >= 5, filter).toBe(true);
    }
  });

  it("lets an auditor of the unfiltered answer and every one-filter answer work out no group or cell of 1 to 4 members", async () => {
    const published = new PublishedCounts([...FIELDS]);
    published.addUnfiltered(await stats());
    let answers = 1;
    for (const { filter, field, values } of FILTERS) {
      for (const value of values) {
        published.addFiltered(field, value, await stats({ [filter]: value }));
        answers++;
      }
    }
    expect(answers).toBe(18);
    const bySubtraction = determinedBySubtraction(published.equations);
    const byElimination = determinedByElimination(published.equations);
    expect(smallDetermined(bySubtraction)).toEqual([]);
    expect(smallDetermined(byElimination)).toEqual([]);
    // The auditor is not idle: given the one number the probe read (norte = 7, filtered), it finds
    // centro-oeste's 3 members.
    const withProbe = [...published.equations, { terms: new Map([[PublishedCounts.group("byRegion", "norte"), 1]]), rhs: 7 }];
    expect(smallDetermined(determinedBySubtraction(withProbe))).toEqual([[PublishedCounts.group("byRegion", "centro-oeste"), 3]]);
  });

  it("refuses two filters at once in Portuguese, while sponsorData keeps every combination", async () => {
    const answer = await ask({ region: "sudeste", age: "36-45" });
    // Refused by the service, as an unknown filter value is: GraphQL's 200 with `errors` and no data.
    expect(answer.status).toBe(200);
    expect(answer.body.data).toBeNull();
    expect(answer.body.errors![0]).toMatchObject({ message: "Os totais por grupo aceitam um filtro por vez.", extensions: { code: "VALIDATION" } });
    const rows = await new TestClient(t.url).gql(`{ sponsorData(filter: { region: "sudeste", age: "36-45" }) { total rows { region ageBand } } }`, undefined, {
      authorization: `Bearer ${key}`,
    });
    expect(rows.body.errors).toBeUndefined();
    expect(rows.body.data.sponsorData.rows.every((r: { region: string; ageBand: string }) => r.region === "sudeste" && r.ageBand === "36-45")).toBe(true);
    expect(rows.body.data.sponsorData.total).toBe(rows.body.data.sponsorData.rows.length);
  });

  it("gives superusers the same protected answers", async () => {
    for (const filter of [undefined, { region: "norte" }, { serviceType: "híbrido" }] as (Record<string, string> | undefined)[]) {
      const byAdmin = await admin.client.gql(STATS_QUERY, { filter });
      expect(byAdmin.body.data.sponsorStats, JSON.stringify(filter)).toEqual(await stats(filter));
    }
  });
});
