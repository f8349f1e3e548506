// GET /metrics (issue 25): Prometheus' text format for the holder of METRICS_TOKEN, off without it,
// with bounded labels and no member data.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { KNOWN_OPERATIONS } from "../src/lib/metrics.js";
import { createMember, eventually, freshPostgres, requireServers, startTestApp, TestClient, type TestApp } from "./harness.js";

const TOKEN = "metrics-token-0123456789abcdef";

/** The value of one sample line (`name{labels} value`), or undefined when absent. */
function sample(text: string, line: string): number | undefined {
  const found = text.split("\n").find((l) => l.startsWith(`${line} `));
  return found === undefined ? undefined : Number(found.slice(line.length + 1));
}

describe("/metrics", () => {
  let t: TestApp;
  const scrape = async (authorization = `Bearer ${TOKEN}`) => fetch(`${t.url}/metrics`, { headers: authorization ? { authorization } : {} });
  beforeAll(async () => {
    t = await startTestApp({ METRICS_TOKEN: TOKEN });
  });
  afterAll(async () => {
    await t.close();
  });

  it("answers 401 without the token or with another one, and the text format with it", async () => {
    expect((await scrape("")).status).toBe(401);
    expect((await scrape("Bearer not-the-token-0123456789ab")).status).toBe(401);
    expect((await scrape(TOKEN)).status).toBe(401);
    const answer = await scrape();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await answer.text();
    // prom-client's own: memory and event-loop delay.
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds /m);
  });

  it("counts requests by route pattern and GraphQL operations by name, with member data in no label", async () => {
    const { user, client } = await createMember(t, "5511966");
    const other = await createMember(t, "5511966");
    // Her card is shown to members of some plans only: the answer's status is counted, whatever it is.
    const profile = await client.rest("GET", `/api/users/${other.user.id}`);
    expect((await client.gql("query AppInfo { __typename }")).status).toBe(200);
    expect((await client.gql(`query Hunt${user.phone} { __typename }`)).status).toBe(200);
    const text = await (await scrape()).text();

    expect(sample(text, `coroa_http_requests_total{method="GET",route="/api/users/:id",status="${profile.status}"}`)).toBe(1);
    expect(sample(text, 'coroa_http_request_duration_seconds_count{method="GET",route="/api/users/:id"}')).toBe(1);
    expect(sample(text, 'coroa_graphql_operations_total{operation="AppInfo",type="query",outcome="ok"}')).toBe(1);
    expect(sample(text, 'coroa_graphql_operations_total{operation="other",type="query",outcome="ok"}')).toBe(1);
    expect(text).not.toContain(user.phone);
    expect(text).not.toContain(`/api/users/${other.user.id}`);
    expect(text).not.toMatch(/(user|member)_?id=/i);
  });

  it("shows the open sockets and subscriptions, the bus's events and the timed jobs' runs and failures", async () => {
    const ws = new TestClient(t.url).ws();
    const received: unknown[] = [];
    const dispose = ws.subscribe({ query: "subscription { offersChanged { kind } }" }, { next: (value) => void received.push(value), error: () => undefined, complete: () => undefined });
    await eventually(async () => sample(await (await scrape()).text(), "coroa_graphql_subscriptions_active") === 1, 5000, "one subscription counted");
    let text = await (await scrape()).text();
    expect(sample(text, 'coroa_websockets_open{path="/graphql"}')).toBe(1);
    expect(sample(text, 'coroa_websockets_open{path="/chat"}')).toBe(0);

    t.app.services.bus.pubsub.publish("offers:changed", { kind: "created", offerId: 1 });
    await eventually(() => received.length === 1, 5000, "the event delivered");
    const { jobs, auth } = t.app.services;
    expect(await jobs.runOnce("housekeeping", () => auth.prune())).toBe("ran");
    expect(
      await jobs.runOnce("billing-sweep", async () => {
        throw new Error("ASAAS unreachable");
      }),
    ).toBe("failed");
    text = await (await scrape()).text();
    expect(sample(text, 'coroa_bus_published_total{topic="offers:changed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'coroa_bus_delivered_total{topic="offers:changed"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, 'coroa_job_runs_total{job="housekeeping",outcome="ran"}')).toBe(1);
    expect(sample(text, 'coroa_job_runs_total{job="billing-sweep",outcome="failed"}')).toBe(1);

    dispose();
    await ws.dispose();
    await eventually(async () => sample(await (await scrape()).text(), 'coroa_websockets_open{path="/graphql"}') === 0, 5000, "the socket gone");
  });

  it("names the web client's operations, and only those (web/src/gql)", () => {
    const generated = readFileSync(fileURLToPath(new URL("../../web/src/gql/graphql.ts", import.meta.url)), "utf8");
    const names = new Set([...generated.matchAll(/"kind":"OperationDefinition","operation":"\w+","name":\{"kind":"Name","value":"(\w+)"/g)].map((m) => m[1]));
    expect([...KNOWN_OPERATIONS].sort()).toEqual([...names].sort());
  });
});

describe("/metrics without METRICS_TOKEN", () => {
  it("is not there (404), with or without a token", async () => {
    const t = await startTestApp();
    try {
      expect((await fetch(`${t.url}/metrics`)).status).toBe(404);
      expect((await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe("/metrics on PostgreSQL", () => {
  it("shows the pool's connections in use, idle and waiting", async () => {
    const { postgres } = requireServers("postgres");
    const database = await freshPostgres(postgres, "cc_ops");
    const t = await startTestApp({ DATABASE_URL: database.url, METRICS_TOKEN: TOKEN });
    try {
      // The pool closes a connection idle for 10 s (a loaded CI machine can take that long between
      // start and scrape): a query just before leaves one idle for the scrape to count.
      expect((await fetch(`${t.url}/healthz`)).status).toBe(200);
      const text = await (await fetch(`${t.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
      expect(sample(text, 'coroa_db_pool_connections{state="in_use"}')).toBeGreaterThanOrEqual(0);
      expect(sample(text, 'coroa_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(1);
      expect(sample(text, 'coroa_db_pool_connections{state="waiting"}')).toBe(0);
    } finally {
      await t.close();
      await database.drop();
    }
  });
});
