// Benchmark of Web Push delivery (issue 29) on PostgreSQL: 1,000 members who are away, each with a
// phone subscribed to push, each getting one message; prints the time from the first send to the
// last push received by a fake push service (it checks the VAPID JWT and decrypts every payload, as
// FCM or Apple would receive it), the per-push latency from its send's answer, and, in the same run,
// the same 1,000 sends to members without a device (no push planned) as the baseline of the sends.
//
//   NODE_ENV=production DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npx tsx bench/push.ts
//
// The server runs in its own Node process as `npm start` runs it (bench/kit.ts: the compiled build;
// run `npm run build` first). A fresh database cc_bench_<random> is created from that URL and dropped
// at the end. The devices are stored straight in the database (a production server only accepts the
// real push services' hosts; the fake listens on loopback). BENCH_MEMBERS (1000) and BENCH_SENDERS
// (20 concurrent senders) change the load. Exits 1 when a push is missing or undecryptable.
import { availableParallelism, cpus } from "node:os";
import { performance } from "node:perf_hooks";
import pg from "pg";
import webpush from "web-push";
import { freshPostgres } from "../graphql-server/test/harness.js";
import { FakePushService } from "../graphql-server/test/fake-push.js";
import { cpuSecondsOf, ms, serverCommand, sessionCookies, startServer } from "./kit.js";

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 1000);
const SENDERS = Number(process.env.BENCH_SENDERS ?? 20);
const WAIT_MS = 120_000;

/** Owners (away, each with a phone) and one asker per owner, with a conversation on the owner's offer. */
async function seed(client: pg.Client, label: string) {
  const users = await client.query<{ id: number }>(
    `INSERT INTO "User" (phone, plan, nickname, "fullName", "profileComplete", "acceptedTerms", "acceptedPrivacyPolicy", "acceptedLGPD", "isOver18", "updatedAt")
     SELECT '55' || $2 || lpad(g::text, 8, '0'), 'majestade', 'Sócia ' || $1 || ' ' || g, 'Sócia ' || $1 || ' ' || g, true, true, true, true, true, now()
     FROM generate_series(1, $3::int * 2) g RETURNING id`,
    [label, label === "push" ? "11" : "21", MEMBERS],
  );
  const ids = users.rows.map((r) => r.id).sort((a, b) => a - b);
  const owners = ids.slice(0, MEMBERS);
  const askers = ids.slice(MEMBERS);
  // No quiet hours for anyone, whatever the hour of the run.
  await client.query(`INSERT INTO "NotificationSettings" ("userId", "channels", "updatedAt") SELECT unnest($1::int[]), '{}', now()`, [ids]);
  const offers = await client.query<{ id: number; userId: number }>(
    `INSERT INTO "Offer" ("userId", "postType", type, title, description, categories, "authorPlanRank", "authorJoinedAt", state, "createdAt", "updatedAt")
     SELECT u, 'oferta', 'permuta', 'Oferta ' || u, 'Descrição da oferta ' || u, ARRAY['Moda'], 3, now(), 'SP', now(), now()
     FROM unnest($1::int[]) u RETURNING id, "userId"`,
    [owners],
  );
  const offerOf = new Map(offers.rows.map((o) => [o.userId, o.id]));
  const conversations = await client.query<{ id: number; interestedUserId: number }>(
    `INSERT INTO "Conversation" ("offerId", "offerOwnerId", "interestedUserId", "createdAt", "lastMessageAt")
     SELECT o, w, a, now(), now() FROM unnest($1::int[], $2::int[], $3::int[]) AS x(o, w, a) RETURNING id, "interestedUserId"`,
    [owners.map((o) => offerOf.get(o)), owners, askers],
  );
  await client.query(
    `INSERT INTO "ConversationMember" ("conversationId", "userId")
     SELECT c.id, m FROM "Conversation" c, LATERAL (VALUES (c."offerOwnerId"), (c."interestedUserId")) AS v(m) WHERE c.id = ANY($1::int[])`,
    [conversations.rows.map((c) => c.id)],
  );
  return { owners, askers, conversations: conversations.rows };
}

/** Sends one message in each conversation, SENDERS at a time; answers each send's end time by conversation. */
async function sendAll(url: string, cookies: Map<number, string>, conversations: { id: number; interestedUserId: number }[]) {
  const answered = new Map<number, number>();
  let failed = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: SENDERS }, async () => {
      while (next < conversations.length) {
        const conversation = conversations[next++];
        const response = await fetch(`${url}/api/conversations/${conversation.id}/messages`, {
          method: "POST",
          headers: { "content-type": "application/json", cookie: cookies.get(conversation.interestedUserId)! },
          body: JSON.stringify({ content: "Oi! Vi sua oferta e tenho interesse." }),
        });
        await response.arrayBuffer();
        if (response.status !== 201) failed += 1;
        answered.set(conversation.id, performance.now());
      }
    }),
  );
  return { started, ended: performance.now(), answered, failed };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] : NaN;
};

async function main() {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.error("bench/push.ts needs PostgreSQL: set DATABASE_URL=postgresql://…");
    return 1;
  }
  const database = await freshPostgres(baseUrl, "cc_bench");
  const fake = new FakePushService();
  await fake.start();
  const vapid = webpush.generateVAPIDKeys();
  fake.expectedKey = vapid.publicKey;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const client = new pg.Client({ connectionString: database.url });
  const cleanUp = async () => {
    await client.end().catch(() => undefined);
    await server?.stop().catch((error: unknown) => console.error("stopping the server failed:", error));
    await fake.stop().catch(() => undefined);
    await database.drop().catch((error: unknown) => console.error(`dropping ${database.name} failed:`, error));
  };
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    server = await startServer(
      database.url,
      { VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey, VAPID_SUBJECT: "mailto:bench@clubecoroa.com.br" },
      // BENCH_CPU_PROF=<dir>: the server writes a V8 CPU profile there when it stops.
      process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [],
    );
    const { url } = server;
    const pid = server.child.pid!;
    await client.connect();
    const withPush = await seed(client, "push");
    const without = await seed(client, "none");
    // Each owner of the first set has one phone at the fake push service.
    const devices = withPush.owners.map((owner) => ({ owner, device: fake.subscriber(`owner-${owner}`) }));
    await client.query(
      `INSERT INTO "PushSubscription" ("userId", endpoint, p256dh, auth) SELECT * FROM unnest($1::int[], $2::text[], $3::text[], $4::text[])`,
      [devices.map((d) => d.owner), devices.map((d) => d.device.endpoint), devices.map((d) => d.device.keys.p256dh), devices.map((d) => d.device.keys.auth)],
    );
    await client.query(`ANALYZE`);
    const cookies = await sessionCookies(client, [...withPush.askers, ...without.askers]);
    console.log(`database  PostgreSQL (${database.name}); ${MEMBERS} away members with a phone subscribed, ${MEMBERS} without, one conversation each`);
    console.log(`node      ${process.version} NODE_ENV=${process.env.NODE_ENV ?? "(unset)"}  cores=${availableParallelism()}  ${cpus()[0]?.model?.trim() ?? "unknown CPU"}`);
    console.log(`server    ${serverCommand().describe}, its own process (pid ${pid})`);
    console.log(`settings  ${SENDERS} concurrent senders over REST; the fake push service checks VAPID and decrypts each push`);

    // Baseline first (the same sends, nobody to push to), then the sends that plan a push each.
    const cpu0 = cpuSecondsOf(pid);
    const baseline = await sendAll(url, cookies, without.conversations);
    const cpu1 = cpuSecondsOf(pid);
    const ownerConversation = new Map(withPush.conversations.map((c, i) => [withPush.owners[i], c.id]));
    const pushed = await sendAll(url, cookies, withPush.conversations);
    const deadline = performance.now() + WAIT_MS;
    const arrival = new Map<string, number>();
    while (performance.now() < deadline) {
      for (const push of fake.received) if (push.status === 201 && !arrival.has(push.subscriber)) arrival.set(push.subscriber, performance.now());
      if (arrival.size >= MEMBERS) break;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    const cpu2 = cpuSecondsOf(pid);
    const lastPush = Math.max(...arrival.values());
    const latencies = devices
      .filter((d) => arrival.has(d.device.id))
      .map((d) => arrival.get(d.device.id)! - pushed.answered.get(ownerConversation.get(d.owner)!)!);
    const problems = fake.received.filter((p) => p.problem);
    const sendsMs = (run: { started: number; ended: number }) => run.ended - run.started;
    console.log(
      `baseline  ${MEMBERS} sends, no device to push to: ${ms(sendsMs(baseline))} (${((MEMBERS * 1000) / sendsMs(baseline)).toFixed(0)}/s), ` +
        `server CPU ${(((cpu1 - cpu0) * 1000) / MEMBERS).toFixed(2)}ms per send, failed ${baseline.failed}`,
    );
    console.log(
      `push      ${MEMBERS} sends, one push each: sends took ${ms(sendsMs(pushed))} (${((MEMBERS * 1000) / sendsMs(pushed)).toFixed(0)}/s), failed ${pushed.failed}; ` +
        `server CPU ${(((cpu2 - cpu1) * 1000) / MEMBERS).toFixed(2)}ms per send with its push`,
    );
    console.log(
      `delivery  ${arrival.size}/${MEMBERS} pushes received (VAPID checked, payload decrypted); last push ${ms(lastPush - pushed.started)} after the first send, ` +
        `${ms(lastPush - pushed.ended)} after the last send's answer; per push from its send's answer p50 ${ms(quantile(latencies, 0.5))} ` +
        `p95 ${ms(quantile(latencies, 0.95))} p99 ${ms(quantile(latencies, 0.99))}; refused by the fake ${problems.length}`,
    );
    const duplicates = fake.received.filter((p) => p.status === 201).length - arrival.size;
    console.log(`          duplicates ${duplicates}`);
    const ok = arrival.size === MEMBERS && problems.length === 0 && pushed.failed === 0 && baseline.failed === 0;
    console.log(ok ? "OK: every push arrived once, signed and decryptable" : "FAILED: a push is missing, refused or a send failed");
    return ok ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
