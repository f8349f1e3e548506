import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PlanName } from "@clube-coroa/schema";
import {
  collect,
  completeProfile,
  createMember,
  createOfferRow,
  eventually,
  legacySocket,
  pokeUntil,
  nextValue,
  startTestApp,
  TestClient,
  type TestApp,
} from "./harness.js";

// Privacy decided on the server (issue 10, item 7): who may open a profile, what anonymous
// visitors learn about authors, which links are stored, and what GraphQL never hands out.

let t: TestApp;
beforeAll(async () => {
  // Long-lived board caches, so that anonymous and member reads meet the cached pages and answers.
  t = await startTestApp({ SEED_DEMO: "never", BOARD_CACHE_MS: "600000" });
});
afterAll(async () => {
  await t?.close();
});

const PREFIX = "55419";
const prisma = () => t.app.services.prisma;

async function member(plan: PlanName, extra: { nickname?: string } = {}) {
  return createMember(t, PREFIX, { plan, ...extra });
}

/** A member with a saved profile (city, links, mini bio) on a plan. */
async function author(plan: PlanName) {
  const created = await member("majestade");
  const saved = await created.client.rest(
    "PUT",
    "/api/profile",
    completeProfile({ nickname: "Lu Flores", fullName: "Luciana Flores Andrade", city: "Campinas", website: "lu.example.com.br", miniBio: "Florista." }),
  );
  expect(saved.status).toBe(200);
  await prisma().user.update({ where: { id: created.user.id }, data: { plan } });
  return created;
}

const PROFILE = `query($id: Int!) {
  publicProfile(id: $id) {
    __typename
    ... on PublicProfile { id displayName plan city website miniBio }
    ... on UpgradeRequiredError { code message action targetPlan upgradeMessage showUpgrade }
    ... on AppError { code message }
  }
}`;

const VIEW_PROFILE_PROMPT = {
  code: "UPGRADE_REQUIRED",
  action: "view_profile",
  targetPlan: "alteza",
  message: "Faça upgrade para o plano Alteza para ver o perfil desta parceira.",
  upgradeMessage: "Faça upgrade para o plano Alteza e veja os perfis das parceiras Majestade e Imperatriz.",
  showUpgrade: true,
};
const NOT_PUBLIC = "Apenas os perfis das parceiras Majestade e Imperatriz podem ser abertos.";

describe("profile viewing by plan", () => {
  it("gives a nobreza viewer the upgrade prompt for view_profile on both doors, and nothing of the profile", async () => {
    const majestade = await author("majestade");
    const viewer = await member("nobreza");

    const rest = await viewer.client.rest("GET", `/api/users/${majestade.user.id}`);
    expect(rest.status).toBe(403);
    const { message, ...prompt } = VIEW_PROFILE_PROMPT;
    expect(rest.body).toEqual({ success: false, error: message, ...prompt });

    const gql = await viewer.client.gql(PROFILE, { id: majestade.user.id });
    expect(gql.body.errors).toBeUndefined();
    expect(gql.body.data.publicProfile).toEqual({ __typename: "UpgradeRequiredError", ...VIEW_PROFILE_PROMPT });
    for (const text of [JSON.stringify(rest.body), JSON.stringify(gql.body)]) {
      expect(text).not.toContain("Campinas");
      expect(text).not.toContain("Lu Flores");
    }
  });

  it("opens majestade and imperatriz authors to alteza, majestade and imperatriz viewers on both doors", async () => {
    for (const authorPlan of ["majestade", "imperatriz"] as const) {
      const shown = await author(authorPlan);
      for (const viewerPlan of ["alteza", "majestade", "imperatriz"] as const) {
        const viewer = await member(viewerPlan);
        const rest = await viewer.client.rest("GET", `/api/users/${shown.user.id}`);
        expect(rest.status).toBe(200);
        expect(rest.body).toMatchObject({ id: shown.user.id, displayName: "Lu Flores", plan: authorPlan, city: "Campinas" });
        const gql = await viewer.client.gql(PROFILE, { id: shown.user.id });
        expect(gql.body.data.publicProfile).toEqual({
          __typename: "PublicProfile",
          id: shown.user.id,
          displayName: "Lu Flores",
          plan: authorPlan,
          city: "Campinas",
          website: "https://lu.example.com.br/",
          miniBio: "Florista.",
        });
      }
    }
  });

  it("refuses every other member the profile of an author below majestade, with 403 PROFILE_NOT_PUBLIC", async () => {
    for (const authorPlan of ["nobreza", "alteza"] as const) {
      const hidden = await author(authorPlan);
      for (const viewerPlan of ["nobreza", "alteza", "majestade", "imperatriz"] as const) {
        const viewer = await member(viewerPlan);
        const rest = await viewer.client.rest("GET", `/api/users/${hidden.user.id}`);
        expect(rest.status).toBe(403);
        expect(rest.body).toEqual({ success: false, error: NOT_PUBLIC, code: "PROFILE_NOT_PUBLIC" });
        const gql = await viewer.client.gql(PROFILE, { id: hidden.user.id });
        expect(gql.body.data.publicProfile).toEqual({ __typename: "AppError", code: "PROFILE_NOT_PUBLIC", message: NOT_PUBLIC });
      }
    }
  });

  it("always shows a member her own profile, whatever her plan", async () => {
    for (const plan of ["nobreza", "alteza"] as const) {
      const herself = await author(plan);
      const rest = await herself.client.rest("GET", `/api/users/${herself.user.id}`);
      expect(rest.status).toBe(200);
      // Below majestade, her links and mini bio are not part of her public profile.
      expect(rest.body).toMatchObject({ id: herself.user.id, plan, city: "Campinas", website: null, miniBio: null });
      const gql = await herself.client.gql(PROFILE, { id: herself.user.id });
      expect(gql.body.data.publicProfile).toMatchObject({ __typename: "PublicProfile", id: herself.user.id, plan });
    }
  });

  it("lets a superuser open any profile, for moderation", async () => {
    const hidden = await author("nobreza");
    const admin = await member("nobreza");
    await prisma().user.update({ where: { id: admin.user.id }, data: { role: "superuser" } });
    expect((await admin.client.rest("GET", `/api/users/${hidden.user.id}`)).status).toBe(200);
    expect((await admin.client.gql(PROFILE, { id: hidden.user.id })).body.data.publicProfile.__typename).toBe("PublicProfile");
  });

  it("answers 401 to anonymous visitors and 404 for a member who does not exist", async () => {
    const shown = await author("majestade");
    const anonymous = new TestClient(t.url);
    expect((await anonymous.rest("GET", `/api/users/${shown.user.id}`)).status).toBe(401);
    expect((await anonymous.gql(PROFILE, { id: shown.user.id })).body.data.publicProfile).toMatchObject({
      __typename: "AppError",
      code: "UNAUTHENTICATED",
    });
    const viewer = await member("imperatriz");
    expect(await viewer.client.rest("GET", "/api/users/999999")).toMatchObject({
      status: 404,
      body: { code: "NOT_FOUND", error: "Usuária não encontrada" },
    });
    expect((await viewer.client.gql(PROFILE, { id: 999999 })).body.data.publicProfile).toEqual({
      __typename: "AppError",
      code: "NOT_FOUND",
      message: "Usuária não encontrada",
    });
  });
});

const CARD_FIELDS = "id userId userName userNickname userFullName userProfilePhoto userPlan userJoinedAt userProfessionalActivity isOwn";
const BOARD = `{ offers(first: 50) { edges { node { ${CARD_FIELDS} } } } }`;
const ONE_OFFER = `query($id: Int!) { offer(id: $id) { ${CARD_FIELDS} } }`;
type Card = Record<string, unknown> & { id: number };

const offerInput = (title: string) => ({
  postType: "oferta",
  type: "collab",
  title,
  description: "Arranjos florais para eventos de parceiras, em troca de fotos do trabalho.",
  categories: ["Eventos"],
});

describe("the board shown to anonymous visitors", () => {
  let withPhoto: { id: number; offerId: number };
  let withoutNickname: { id: number; offerId: number };
  let reader: Awaited<ReturnType<typeof member>>;

  beforeAll(async () => {
    const first = await member("majestade", { nickname: "Rosa" });
    // An uploaded photo: its address names her id.
    await prisma().user.update({
      where: { id: first.user.id },
      data: { fullName: "Rosa Maria Quintana", profilePhoto: "webp", profilePhotoUrl: `/api/users/${first.user.id}/photo?v=1` },
    });
    const second = await member("majestade");
    await prisma().user.update({ where: { id: second.user.id }, data: { nickname: null, fullName: "Joana Prado Teixeira" } });
    const a = await first.client.rest("POST", "/api/offers", offerInput("Flores para eventos de parceiras"));
    const b = await second.client.rest("POST", "/api/offers", offerInput("Buffet para lançamentos de marcas"));
    expect([a.status, b.status]).toEqual([201, 201]);
    withPhoto = { id: first.user.id, offerId: a.body.id };
    withoutNickname = { id: second.user.id, offerId: b.body.id };
    reader = await member("nobreza");
  });

  const anonymousCards = (cards: Card[]) => {
    expect(cards.find((c) => c.id === withPhoto.offerId)).toMatchObject({
      userId: null,
      userName: "Rosa",
      userNickname: "Rosa",
      userFullName: null,
      userProfilePhoto: null,
      userPlan: "majestade",
    });
    expect(cards.find((c) => c.id === withoutNickname.offerId)).toMatchObject({ userId: null, userName: "Parceira", userFullName: null });
    const text = JSON.stringify(cards);
    for (const hidden of ["Rosa Maria Quintana", "Joana Prado Teixeira", "/api/users/"]) expect(text).not.toContain(hidden);
  };
  const memberCards = (cards: Card[]) => {
    expect(cards.find((c) => c.id === withPhoto.offerId)).toMatchObject({
      userId: withPhoto.id,
      userName: "Rosa",
      userFullName: "Rosa Maria Quintana",
      userProfilePhoto: "webp",
    });
    expect(cards.find((c) => c.id === withoutNickname.offerId)).toMatchObject({
      userId: withoutNickname.id,
      userName: "Joana Prado Teixeira",
      userFullName: "Joana Prado Teixeira",
    });
  };
  const restBoard = async (client: TestClient) => {
    const answer = await client.rest<Card[]>("GET", "/api/offers");
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const gqlBoard = async (client: TestClient) => {
    const answer = await client.gql<{ offers: { edges: { node: Card }[] } }>(BOARD);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.offers.edges.map((e) => e.node);
  };

  it("gives anonymous visitors the author's nickname only, and members the full card, over REST", async () => {
    anonymousCards(await restBoard(new TestClient(t.url)));
    memberCards(await restBoard(reader.client));
  });

  it("gives anonymous visitors the author's nickname only, and members the full card, over GraphQL", async () => {
    anonymousCards(await gqlBoard(new TestClient(t.url)));
    memberCards(await gqlBoard(reader.client));
    const anonymousOffer = await new TestClient(t.url).gql(ONE_OFFER, { id: withPhoto.offerId });
    anonymousCards([anonymousOffer.body.data.offer, (await new TestClient(t.url).gql(ONE_OFFER, { id: withoutNickname.offerId })).body.data.offer]);
    const memberOffer = await reader.client.gql(ONE_OFFER, { id: withPhoto.offerId });
    expect(memberOffer.body.data.offer).toMatchObject({ userId: withPhoto.id, userFullName: "Rosa Maria Quintana", userProfilePhoto: "webp" });
  });

  it("keeps each cached answer to its audience: anonymous after a member's read, full after an anonymous read", async () => {
    // Empty the caches, then alternate readers on both doors while nothing changes on the board.
    t.app.services.offers.authorChanged(withPhoto.id);
    for (const round of [1, 2, 3]) {
      if (round % 2) {
        anonymousCards(await restBoard(new TestClient(t.url)));
        anonymousCards(await gqlBoard(new TestClient(t.url)));
        memberCards(await restBoard(reader.client));
        memberCards(await gqlBoard(reader.client));
      } else {
        memberCards(await gqlBoard(reader.client));
        memberCards(await restBoard(reader.client));
        anonymousCards(await gqlBoard(new TestClient(t.url)));
        anonymousCards(await restBoard(new TestClient(t.url)));
      }
    }
  });

  it("does not name the author whose cards changed to anonymous subscribers of offersChanged", async () => {
    const visitor = new TestClient(t.url).ws();
    const watcher = reader.client.ws();
    const query = `subscription { offersChanged { kind authorId } }`;
    const anonymousEvents = collect(visitor, query);
    const memberEvents = collect(watcher, query);
    // Published again until both subscriptions are live (a busy machine may take a while to set them up).
    await pokeUntil(
      () => t.app.services.offers.authorChanged(withPhoto.id),
      () => anonymousEvents.values.length > 0 && memberEvents.values.length > 0,
      "both subscriptions to receive the change",
      { everyMs: 100 },
    );
    expect(await anonymousEvents.next()).toEqual({ offersChanged: { kind: "author", authorId: null } });
    expect(await memberEvents.next()).toEqual({ offersChanged: { kind: "author", authorId: withPhoto.id } });
    anonymousEvents.dispose();
    memberEvents.dispose();
    await Promise.all([visitor.dispose(), watcher.dispose()]);
  });
});

describe("links in the profile", () => {
  const UPDATE = `mutation($input: ProfileInput!) {
    updateProfile(input: $input) { __typename ... on AppError { code message fieldErrors { field message } } ... on Profile { website } }
  }`;
  const LINK_FIELDS = ["website", "linkedin", "youtube", "facebook", "bannerLink"] as const;
  const HOSTILE = [
    "javascript:alert(document.domain)%2F%2F@evil.example",
    "javascript:alert(1)",
    "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
    "https://banco.example.com@evil.example",
  ];

  it("refuses javascript:, data: and user-info links with 'URL inválida' on both doors, and writes nothing", async () => {
    const premium = await member("majestade");
    const good = completeProfile({ nickname: "Bel", website: "https://bel.example.com/", bannerLink: "https://bel.example.com/loja" });
    expect((await premium.client.rest("PUT", "/api/profile", good)).status).toBe(200);
    const before = await prisma().user.findUniqueOrThrow({ where: { id: premium.user.id } });
    for (const field of LINK_FIELDS) {
      for (const value of HOSTILE) {
        const input = { ...good, nickname: "Outro Apelido", [field]: value };
        const rest = await premium.client.rest("PUT", "/api/profile", input);
        expect(rest.status).toBe(400);
        expect(rest.body).toMatchObject({ success: false, code: "VALIDATION", error: "URL inválida", fieldErrors: { [field]: "URL inválida" } });
        const gql = await premium.client.gql(UPDATE, { input });
        expect(gql.body.data.updateProfile).toEqual({
          __typename: "AppError",
          code: "VALIDATION",
          message: "URL inválida",
          fieldErrors: [{ field, message: "URL inválida" }],
        });
      }
    }
    expect(await prisma().user.findUniqueOrThrow({ where: { id: premium.user.id } })).toEqual(before);
  });

  it("stores a link typed without a scheme as its https address", async () => {
    const premium = await member("majestade");
    const saved = await premium.client.gql(UPDATE, { input: completeProfile({ website: "  Bel.example.com/Loja " }) });
    expect(saved.body.data.updateProfile).toEqual({ __typename: "Profile", website: "https://bel.example.com/Loja" });
    const row = await prisma().user.findUniqueOrThrow({ where: { id: premium.user.id } });
    expect(row.website).toBe("https://bel.example.com/Loja");
  });

  it("never hands out a hostile link stored before links were checked", async () => {
    const shown = await author("majestade");
    await prisma().user.update({
      where: { id: shown.user.id },
      data: { website: "javascript:alert(document.domain)%2F%2F@evil.example", linkedin: "data:text/html,oi", bannerLink: "bel.example.com" },
    });
    const viewer = await member("alteza");
    const answer = await viewer.client.rest("GET", `/api/users/${shown.user.id}`);
    expect(answer.body).toMatchObject({ website: null, linkedin: null, bannerLink: "https://bel.example.com/" });
  });
});

describe("the sender's phone stays off GraphQL", () => {
  it("fails validation for a query that asks for senderPhone, over HTTP and over graphql-ws", async () => {
    const asker = await member("alteza");
    for (const query of [
      `subscription { notifications { messageId senderPhone } }`,
      `query { unreadCount } fragment Phone on NewMessageNotification { senderPhone }`,
    ]) {
      const answer = await asker.client.gql(query);
      expect(answer.status).toBe(400);
      expect(answer.body.errors?.[0]).toMatchObject({
        message: "Consulta GraphQL inválida para este esquema",
        extensions: { code: "GRAPHQL_VALIDATION_FAILED", detail: expect.stringContaining('Cannot query field "senderPhone" on type "NewMessageNotification"') },
      });
    }
    const ws = asker.client.ws();
    await expect(nextValue(ws, `subscription { notifications { messageId senderPhone } }`)).rejects.toBeDefined();
    await ws.dispose();
  });

  it("goes to the legacy /notifications socket but not to the GraphQL notifications of the same message", async () => {
    const owner = await member("alteza");
    const asker = await member("alteza");
    const offer = await createOfferRow(t, owner.user.id, "permuta");
    const started = await asker.client.rest("POST", "/api/conversations", { offerId: offer.id });
    expect(started.status).toBe(200);
    const legacy = await legacySocket(owner.client, "/notifications");
    legacy.send({ type: "register_user", userId: owner.user.id });
    await legacy.frame((f) => f.type === "registered");
    const ws = owner.client.ws();
    const notes = collect(ws, `subscription { notifications { messageId senderName content } }`);
    // Until the subscription is live (a busy machine may take a while to set it up), a first word.
    await pokeUntil(
      () => asker.client.rest("POST", `/api/conversations/${started.body.id}/messages`, { content: "Olá" }),
      () => notes.values.length > 0,
      "the notifications subscription to be live",
    );

    const sent = await asker.client.rest("POST", `/api/conversations/${started.body.id}/messages`, { content: "Oi, Rosa!" });
    expect(await legacy.frame((f) => f.type === "new_message" && f.messageId === sent.body.id)).toMatchObject({ messageId: sent.body.id, senderPhone: asker.user.phone });
    await eventually(() => notes.values.some((v) => v.notifications.messageId === sent.body.id), 5000, "the notification");
    expect(notes.values.find((v) => v.notifications.messageId === sent.body.id)).toEqual({
      notifications: { messageId: sent.body.id, senderName: asker.user.nickname, content: "Oi, Rosa!" },
    });
    legacy.close();
    notes.dispose();
    await ws.dispose();
  });
});
