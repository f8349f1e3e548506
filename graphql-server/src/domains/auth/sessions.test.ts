import { WebSocket } from "ws";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  collect,
  createMember,
  createOfferRow,
  eventually,
  legacySocket,
  signIn,
  sleep,
  startTestApp,
  TestClient,
  withTwoInstances,
  type TestApp,
} from "../../../test/harness.js";
import { CLOSE_SESSION_ENDED, SESSION_ENDED_REASON, SOCKET_PING_MS } from "../../lib/websocket.js";
import { SESSION_COOKIE } from "../../lib/http.js";

const PREFIX = "55371";
/** Made superuser by the configuration once she exists (the role-change tests). */
const PROMOTED_LOCAL = "11987650001";
const PROMOTED_PHONE = `55${PROMOTED_LOCAL}`;
const DAY_MS = 24 * 60 * 60 * 1000;
const MESSAGE_ADDED = `subscription($id: Int!) { messageAdded(conversationId: $id) { id content } }`;
const NOTIFICATIONS = `subscription { notifications { messageId content } }`;

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "never", SUPERUSER_PHONES: PROMOTED_PHONE, LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;

/** A new session of `userId` (another device), as a client of `app`. */
async function anotherSession(app: TestApp, userId: number) {
  const { token } = await app.app.services.sessions.create(app.app.services.prisma, userId, {});
  const client = new TestClient(app.url);
  client.cookies.set(SESSION_COOKIE, token);
  return client;
}

/** A member, not yet superuser, whose phone the configuration names (so signing in promotes her). */
async function promotableMember(app: TestApp): Promise<Member> {
  const { prisma } = app.app.services;
  const user = await prisma.user.create({
    data: { phone: PROMOTED_PHONE, plan: "alteza", nickname: "Promovida", fullName: "Maria Promovida", profileComplete: true },
  });
  const client = await anotherSession(app, user.id);
  return { user, client, token: client.cookies.get(SESSION_COOKIE)! };
}

/** The close code graphql-ws handed to a subscription's error sink, if its socket closed. */
const closeCodeOf = (subscription: { errors: unknown[] }) =>
  (subscription.errors.find((e) => typeof (e as { code?: unknown }).code === "number") as { code: number } | undefined)?.code;

interface Stage {
  a: TestApp;
  b: TestApp;
  owner: Member;
  conversationId: number;
}

/**
 * She opens /notifications, /chat and a graphql-ws connection (two subscriptions) on instance B;
 * a message proves each delivers. `end` ends her session(s) on A; the other member then sends
 * at once: her three connections close with 4401 'Sessão encerrada' and none of them gets it,
 * while the other member's own /chat socket on B does.
 */
async function endsEverywhere(
  a: TestApp,
  b: TestApp,
  end: (stage: Stage) => Promise<void>,
  options: { owner?: (app: TestApp) => Promise<Member>; afterOpening?: () => void } = {},
) {
  const owner = options.owner ? await options.owner(a) : await createMember(a, PREFIX);
  const askerRow = await createMember(a, PREFIX);
  const offer = await createOfferRow(a, owner.user.id);
  const conversationId = (await askerRow.client.rest("POST", "/api/conversations", { offerId: offer.id })).body.id as number;

  const ownerOnB = owner.client.at(b.url);
  const notifications = await legacySocket(ownerOnB, "/notifications");
  notifications.send({ type: "register_user", userId: owner.user.id });
  await notifications.frame((f) => f.type === "registered");
  const chat = await legacySocket(ownerOnB, "/chat");
  chat.send({ type: "join_conversation", conversationId });
  await chat.frame((f) => f.type === "joined");
  const reasons: string[] = [];
  for (const socket of [notifications, chat]) socket.ws.on("close", (_code, reason) => reasons.push(String(reason)));
  const graphqlWs = ownerOnB.ws();
  const added = collect(graphqlWs, MESSAGE_ADDED, { id: conversationId });
  const notes = collect(graphqlWs, NOTIFICATIONS);
  await sleep(300);
  const say = async (sender: TestClient, content: string) => {
    const sent = await sender.rest("POST", `/api/conversations/${conversationId}/messages`, { content });
    expect(sent.status).toBe(201);
  };
  await say(askerRow.client, "antes");
  await notifications.frame((f) => f.type === "new_message" && f.content === "antes");
  await chat.frame((f) => f.type === "new_message" && f.message.content === "antes");
  await added.next(1);
  await notes.next(1);
  options.afterOpening?.();

  const asker = await anotherSession(a, askerRow.user.id);
  const witness = await legacySocket(asker.at(b.url), "/chat");
  witness.send({ type: "join_conversation", conversationId });
  await witness.frame((f) => f.type === "joined");

  await end({ a, b, owner, conversationId });
  await say(asker, "depois");

  expect(await notifications.closed()).toBe(CLOSE_SESSION_ENDED);
  expect(await chat.closed()).toBe(CLOSE_SESSION_ENDED);
  expect(reasons).toEqual([SESSION_ENDED_REASON, SESSION_ENDED_REASON]);
  await eventually(() => closeCodeOf(added) !== undefined, 5000, "the graphql-ws connection to close");
  expect(closeCodeOf(added)).toBe(CLOSE_SESSION_ENDED);
  await witness.frame((f) => f.type === "new_message" && f.message.content === "depois");
  await sleep(200);
  const contents = [
    ...notifications.frames.map((f) => f.content),
    ...chat.frames.map((f) => f.message?.content),
    ...added.values.map((v) => v.messageAdded.content),
    ...notes.values.map((v) => v.notifications.content),
  ];
  expect(contents.filter((c) => c === "antes")).toHaveLength(4);
  expect(contents).not.toContain("depois");
  witness.close();
  await graphqlWs.dispose();
}

const logout = ({ owner }: Stage) => owner.client.rest("POST", "/api/auth/logout").then((r) => expect(r.status).toBe(200));
const deleteAccount = ({ owner }: Stage) => owner.client.rest("DELETE", "/api/user/delete").then((r) => expect(r.status).toBe(200));
/** Her session is 29 days old when the others open theirs; two days later only hers has expired. */
const agedSessions = (...apps: TestApp[]) => () => {
  for (const app of new Set(apps)) app.clock.advance(29 * DAY_MS);
};
const expire = async ({ b }: Stage) => {
  b.clock.advance(2 * DAY_MS);
  await b.app.services.sessions.checkConnections();
};
const signInPromoted = async ({ a, b }: Stage) => {
  const fresh = new TestClient(a.url);
  expect((await signIn(fresh, PROMOTED_LOCAL)).id).toBeGreaterThan(0);
  expect((await fresh.gql(`{ me { isSuperuser } }`)).body.data.me.isSuperuser).toBe(true);
  // The session that sign-in opened is not one that ended.
  const socket = await legacySocket(fresh.at(b.url), "/notifications");
  await sleep(300);
  expect(socket.closeCode).toBeUndefined();
  socket.close();
};

describe("a session that ends closes what it opened (one instance)", () => {
  it("logout over REST closes her sockets and subscriptions, and only that session's", async () => {
    let otherDevice: Awaited<ReturnType<typeof legacySocket>> | undefined;
    await endsEverywhere(t, t, async (stage) => {
      otherDevice = await legacySocket(await anotherSession(t, stage.owner.user.id), "/notifications");
      otherDevice.send({ type: "register_user", userId: stage.owner.user.id });
      await otherDevice.frame((f) => f.type === "registered");
      await logout(stage);
    });
    await otherDevice!.frame((f) => f.type === "new_message" && f.content === "depois");
    expect(otherDevice!.closeCode).toBeUndefined();
    otherDevice!.close();
  });

  it("the logout mutation closes them too", async () => {
    await endsEverywhere(t, t, async ({ owner }) => {
      expect((await owner.client.gql(`mutation { logout }`)).body.data.logout).toBe(true);
    });
  });

  it("account deletion over REST and GraphQL closes them", async () => {
    await endsEverywhere(t, t, deleteAccount);
    await endsEverywhere(t, t, async ({ owner }) => {
      const deleted = await owner.client.gql(`mutation { deleteAccount { __typename } }`);
      expect(deleted.body.data.deleteAccount.__typename).not.toBe("AppError");
    });
  });

  it("session expiry closes them at the next check round", async () => {
    await endsEverywhere(t, t, expire, { afterOpening: agedSessions(t) });
  });

  it("a role change at sign-in closes the connections of her other sessions", async () => {
    await endsEverywhere(t, t, signInPromoted, { owner: promotableMember });
  });

  it("refuses a /chat join and a register once her session is gone, even before any event", async () => {
    const owner = await createMember(t, PREFIX);
    const asker = await createMember(t, PREFIX);
    const offer = await createOfferRow(t, owner.user.id);
    const conversationId = (await asker.client.rest("POST", "/api/conversations", { offerId: offer.id })).body.id;
    const chat = await legacySocket(owner.client, "/chat");
    const notifications = await legacySocket(owner.client, "/notifications");
    // Removed behind the services' back: no bus event tells the sockets.
    await t.app.services.prisma.session.deleteMany({ where: { userId: owner.user.id } });
    chat.send({ type: "join_conversation", conversationId });
    notifications.send({ type: "register_user", userId: owner.user.id });
    expect(await chat.closed()).toBe(CLOSE_SESSION_ENDED);
    expect(await notifications.closed()).toBe(CLOSE_SESSION_ENDED);
    expect([...chat.frames, ...notifications.frames]).toEqual([]);
  });

  it("the check round closes a graphql-ws connection whose session vanished without an event", async () => {
    const m = await createMember(t, PREFIX);
    const graphqlWs = m.client.ws();
    const notes = collect(graphqlWs, NOTIFICATIONS);
    await sleep(300);
    await t.app.services.sessions.checkConnections();
    await sleep(100);
    expect(closeCodeOf(notes)).toBeUndefined();
    await t.app.services.prisma.session.deleteMany({ where: { userId: m.user.id } });
    await t.app.services.sessions.checkConnections();
    await eventually(() => closeCodeOf(notes) === CLOSE_SESSION_ENDED, 5000, "4401 on the graphql-ws connection");
  });

  it("a check round keeps the connections opened while it ran (their sessions were not looked up)", async () => {
    // bench/realtime.ts found it: 1,000 sockets opening during a round were closed with 4401.
    const { sessions, prisma } = t.app.services;
    const before = await createMember(t, PREFIX);
    const graphqlWs = before.client.ws();
    const notes = collect(graphqlWs, NOTIFICATIONS);
    await sleep(300);
    const newcomer = await createMember(t, PREFIX);
    const session = await prisma.session.findFirstOrThrow({ where: { userId: newcomer.user.id } });
    const ended: number[] = [];
    const round = sessions.checkConnections();
    // Her socket is tracked (as graphql-ws's onConnect does) after the round read the open sessions.
    const untrack = sessions.track({ sessionId: session.id, userId: newcomer.user.id, end: () => ended.push(session.id) });
    await round;
    await sleep(100);
    expect(ended).toEqual([]);
    expect(closeCodeOf(notes)).toBeUndefined();
    untrack();
    await graphqlWs.dispose();
  });
});

describe("a session that ends closes what it opened on every instance", () => {
  it("logout on A closes her connections on B", async () => {
    await withTwoInstances({}, (a, b) => endsEverywhere(a, b, logout));
  });

  it("account deletion on A closes them on B", async () => {
    await withTwoInstances({}, (a, b) => endsEverywhere(a, b, deleteAccount));
  });

  it("expiry closes them at B's next check round", async () => {
    await withTwoInstances({}, (a, b) => endsEverywhere(a, b, expire, { afterOpening: agedSessions(a, b) }));
  });

  it("a role change at sign-in on A closes them on B", async () => {
    await withTwoInstances({ SUPERUSER_PHONES: PROMOTED_PHONE }, (a, b) => endsEverywhere(a, b, signInPromoted, { owner: promotableMember }));
  });

  it("a role change by a starting instance's configuration closes them on the running ones", async () => {
    await withTwoInstances({}, (a, b) =>
      endsEverywhere(
        a,
        b,
        async () => {
          const third = await startTestApp({
            SEED_DEMO: "never",
            LOG_LEVEL: "silent",
            DATABASE_URL: a.config.DATABASE_URL!,
            REDIS_URL: a.config.REDIS_URL!,
            SUPERUSER_PHONES: PROMOTED_PHONE,
          });
          await third.close();
        },
        { owner: promotableMember },
      ),
    );
  });
});

describe("keep-alive", () => {
  /** A graphql-ws connection spoken by hand, so that pings and pongs are visible. */
  async function rawGraphqlWs(options: { autoPong: boolean }) {
    const ws = new WebSocket(`${t.url.replace(/^http/, "ws")}/graphql`, "graphql-transport-ws", options);
    let pings = 0;
    let closeCode: number | undefined;
    ws.on("ping", () => (pings += 1));
    ws.on("close", (code) => (closeCode = code));
    await new Promise((resolve, reject) => ws.once("open", resolve).once("error", reject));
    const acknowledged = new Promise((resolve) => ws.once("message", resolve));
    ws.send(JSON.stringify({ type: "connection_init" }));
    await acknowledged;
    return { ws, pings: () => pings, closeCode: () => closeCode };
  }

  it("pings graphql-ws connections within a proxy's 60 s idle limit and drops one that stops answering", async () => {
    expect(SOCKET_PING_MS).toBeLessThan(60_000);
    const answering = await rawGraphqlWs({ autoPong: true });
    const silent = await rawGraphqlWs({ autoPong: false });
    t.app.graphqlWs.ping();
    await eventually(() => answering.pings() === 1 && silent.pings() === 1, 3000, "a ping on both connections");
    await sleep(100);
    t.app.graphqlWs.ping();
    await eventually(() => silent.closeCode() !== undefined, 3000, "the silent connection to be dropped");
    expect(silent.closeCode()).toBe(1006);
    await eventually(() => answering.pings() === 2, 3000, "a second ping");
    expect(answering.closeCode()).toBeUndefined();
    answering.ws.close();
  });
});
