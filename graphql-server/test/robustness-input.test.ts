// Robustness, as an attacker tries it: hostile ids and cursors in paths, bodies, queries and
// GraphQL arguments, and NUL bytes in every text a member writes. Each is refused with a 4xx (or
// GraphQL's error result) in Portuguese, nothing is written, and the server keeps serving.
import { ERROR_MESSAGES, TEXT_MESSAGES } from "@clube-coroa/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeProfile, createMember, createOfferRow, startTestApp, TestClient, type TestApp } from "./harness.js";
import { expectAppErrorResult, expectFieldError, expectGraphqlRefused, expectRefused, stillServing, writesNothing, validOffer } from "./robustness-kit.js";

type Member = Awaited<ReturnType<typeof createMember>>;

const NUL = "\u0000";
const NUL_TEXT = TEXT_MESSAGES.invalidCharacters;
const BAD_PATH = "Endereço inválido: confira a codificação dos caracteres";
const BAD_CURSOR = "Cursor de paginação inválido";
const OFFER_NOT_FOUND = "Oferta não encontrada";
const USER_NOT_FOUND = "Usuária não encontrada";

let t: TestApp;
let owner: Member;
let member: Member;
let offerId: number;
let ownOfferId: number;
let conversationId: number;

beforeAll(async () => {
  t = await startTestApp();
  owner = await createMember(t, "5511962", { plan: "majestade" });
  member = await createMember(t, "5511962", { plan: "majestade" });
  offerId = (await createOfferRow(t, owner.user.id)).id;
  ownOfferId = (await createOfferRow(t, member.user.id, "collab", "Mentoria de vendas para artesãs")).id;
  const started = await member.client.rest("POST", "/api/conversations", { offerId });
  expect(started.status).toBe(200);
  conversationId = started.body.id;
  expect((await member.client.rest("POST", `/api/conversations/${conversationId}/messages`, { content: "Olá!" })).status).toBe(201);
  // Her profile complete, so that a refused edit below can be compared with what she had.
  expect((await member.client.rest("PUT", "/api/profile", completeProfile())).status).toBe(200);
});
afterAll(() => t?.close());

/** What a member reads of her own data: the profile, her offer and the conversation. */
async function herData() {
  const profile = await member.client.rest("GET", "/api/profile");
  const board = await member.client.rest("GET", "/api/offers");
  const messages = await member.client.rest("GET", `/api/conversations/${conversationId}/messages`);
  return { profile: profile.body, board: board.body, messages: messages.body };
}

async function leavesHerDataAlone(attack: () => Promise<void>) {
  const before = await herData();
  await writesNothing(t, attack);
  expect(await herData()).toEqual(before);
}

describe("hostile ids in paths", () => {
  const HOSTILE = ["2147483648", "99999999999", "9".repeat(40), "-1", "0", "00", "1e3", "0x10", "1.5", "1%202", "%201%202", "abc", "NaN", "Infinity", "1%00", "%F0%9F%91%91", "%20"];
  const MALFORMED = ["%E0%A4%A", "%ZZ", "%", "1%", "%C0%80", "%FF"];
  const routes = (id: string) =>
    [
      ["PUT", `/api/offers/${id}`, validOffer, 404, "NOT_FOUND", OFFER_NOT_FOUND],
      ["DELETE", `/api/offers/${id}`, undefined, 404, "NOT_FOUND", OFFER_NOT_FOUND],
      ["POST", `/api/offers/${id}/like`, undefined, 404, "NOT_FOUND", OFFER_NOT_FOUND],
      ["GET", `/api/conversations/${id}/messages`, undefined, 404, "CONVERSATION_NOT_FOUND", ERROR_MESSAGES.CONVERSATION_NOT_FOUND],
      ["POST", `/api/conversations/${id}/messages`, { content: "Olá" }, 404, "CONVERSATION_NOT_FOUND", ERROR_MESSAGES.CONVERSATION_NOT_FOUND],
      ["POST", `/api/conversations/${id}/read`, undefined, 404, "CONVERSATION_NOT_FOUND", ERROR_MESSAGES.CONVERSATION_NOT_FOUND],
      ["DELETE", `/api/conversations/${id}`, undefined, 404, "CONVERSATION_NOT_FOUND", ERROR_MESSAGES.CONVERSATION_NOT_FOUND],
      ["GET", `/api/users/${id}`, undefined, 404, "NOT_FOUND", USER_NOT_FOUND],
      ["GET", `/api/users/${id}/photo`, undefined, 404, "NOT_FOUND", USER_NOT_FOUND],
      ["GET", `/api/users/${id}/banner`, undefined, 404, "NOT_FOUND", USER_NOT_FOUND],
      ["PATCH", `/api/users/${id}/plan`, { plan: "alteza" }, 404, "NOT_FOUND", USER_NOT_FOUND],
    ] as const;

  it("answers 404 with the resource's Portuguese name to ids out of range, negative, zero, decimal, hex or with spaces", async () => {
    await leavesHerDataAlone(async () => {
      for (const id of HOSTILE) {
        for (const [method, path, body, status, code, message] of routes(id)) {
          const answer = await member.client.rest(method, path, body);
          expect({ method, path, status: answer.status }).toEqual({ method, path, status });
          expectRefused(answer, status, code, message);
        }
      }
    });
    await stillServing(t);
  });

  it("answers 400 to malformed percent-encoding in every path parameter", async () => {
    await leavesHerDataAlone(async () => {
      for (const id of MALFORMED) {
        for (const [method, path, body] of [...routes(id), ["GET", `/api/address/${id}`, undefined] as const]) {
          const answer = await member.client.rest(method, path, body);
          expect({ method, path, status: answer.status }).toEqual({ method, path, status: 400 });
          expectRefused(answer, 400, "BAD_REQUEST", BAD_PATH);
        }
      }
      // Without a session too: the path is refused before anything else is looked at.
      expectRefused(await new TestClient(t.url).rest("GET", "/api/users/%E0%A4%A/photo"), 400, "BAD_REQUEST", BAD_PATH);
    });
    await stillServing(t);
  });
});

describe("hostile ids in bodies, headers and queries", () => {
  const HOSTILE_VALUES: unknown[] = [2147483648, 99999999999, 1e308, -1, 0, 1.5, "2147483648", "-1", "0x10", "1e3", "abc", "1 2", true, {}, [1]];

  it("answers 404 to a conversation or report about an offer id that cannot exist", async () => {
    await leavesHerDataAlone(async () => {
      for (const value of HOSTILE_VALUES) {
        const conversation = await member.client.rest("POST", "/api/conversations", { offerId: value });
        expect({ value, status: conversation.status }).toEqual({ value, status: 404 });
        expectRefused(conversation, 404, "NOT_FOUND", OFFER_NOT_FOUND);
        const report = await member.client.rest("POST", "/api/reports", { offerId: value, reason: "spam" });
        expect({ value, status: report.status }).toEqual({ value, status: 404 });
        expectRefused(report, 404, "NOT_FOUND", OFFER_NOT_FOUND);
      }
    });
    await stillServing(t);
  });

  it("refuses out-of-range ids of people: the interested member, the offer's owner, the reported author, the heartbeat and the user-id header", async () => {
    await leavesHerDataAlone(async () => {
      for (const value of [2147483648, 99999999999, -1, 0, "0x10"]) {
        const interested = await member.client.rest("POST", "/api/conversations", { offerId, interestedUserId: value });
        expectRefused(interested, 403, "USER_ID_MISMATCH", ERROR_MESSAGES.USER_ID_MISMATCH);
        const ownerId = await member.client.rest("POST", "/api/conversations", { offerId, offerOwnerId: value });
        expectRefused(ownerId, 400, "OFFER_OWNER_MISMATCH", ERROR_MESSAGES.OFFER_OWNER_MISMATCH);
        const reported = await member.client.rest("POST", "/api/reports", { offerId, reason: "spam", reportedUserId: value });
        expectRefused(reported, 400, "REPORT_TARGET_MISMATCH", ERROR_MESSAGES.REPORT_TARGET_MISMATCH);
        const heartbeat = await member.client.rest("POST", "/api/user/online-status", { isOnline: true, userId: value });
        expectRefused(heartbeat, 403, "USER_ID_MISMATCH", ERROR_MESSAGES.USER_ID_MISMATCH);
        const header = await member.client.rest("GET", "/api/auth/me", undefined, { "user-id": String(value) });
        expectRefused(header, 403, "USER_ID_MISMATCH", ERROR_MESSAGES.USER_ID_MISMATCH);
      }
    });
    await stillServing(t);
  });

  it("answers 400 to message cursors out of range or not a number, and ignores empty ones", async () => {
    const messagesPath = `/api/conversations/${conversationId}/messages`;
    for (const value of ["99999999999", "2147483648", "-1", "1.5", "abc", "1e3", "0x10", "%20", "1%202"]) {
      for (const cursor of ["before", "after"]) {
        const answer = await member.client.rest("GET", `${messagesPath}?${cursor}=${value}`);
        expect({ cursor, value, status: answer.status }).toEqual({ cursor, value, status: 400 });
        expectRefused(answer, 400, "BAD_REQUEST", BAD_CURSOR);
      }
    }
    for (const query of ["after=", "before=", "limit=99999999999", "limit=-5", "limit=abc", "before[]=1", "after=1&after=2"]) {
      const answer = await member.client.rest("GET", `${messagesPath}?${query}`);
      expect({ query, status: answer.status }).toEqual({ query, status: 200 });
      expect(answer.body).toEqual([expect.objectContaining({ content: "Olá!" })]);
    }
    await stillServing(t);
  });

  it("answers 400 to board filters no filter can be", async () => {
    for (const name of ["type", "category", "location"]) {
      const answer = await new TestClient(t.url).rest("GET", `/api/offers?${name}=${"x".repeat(500)}`);
      expectRefused(answer, 400, "VALIDATION", "Filtro inválido");
    }
    await stillServing(t);
  });
});

describe("hostile ids and cursors in GraphQL arguments", () => {
  it("refuses ids beyond GraphQL's Int before running anything, in literals and in variables", async () => {
    await writesNothing(t, async () => {
      for (const literal of ["2147483648", "99999999999", "-2147483649"]) {
        for (const operation of [
          `{ conversation(id: ${literal}) { id } }`,
          `{ messages(conversationId: ${conversationId}, before: ${literal}) { id } }`,
          `mutation { deleteOffer(id: ${literal}) { __typename } }`,
          `mutation { startConversation(offerId: ${literal}) { __typename } }`,
        ]) {
          expectGraphqlRefused(await member.client.gql(operation), 400, "GRAPHQL_VALIDATION_FAILED", /Int cannot represent/);
        }
      }
      const variable = await member.client.gql("mutation ($id: Int!) { deleteOffer(id: $id) { __typename } }", { id: 2147483648 });
      expectGraphqlRefused(variable, 400, "BAD_USER_INPUT", /Int cannot represent/);
      const text = await member.client.gql("mutation ($id: Int!) { deleteOffer(id: $id) { __typename } }", { id: "1" });
      expectGraphqlRefused(text, 400, "BAD_USER_INPUT", /Int cannot represent/);
    });
    await stillServing(t);
  });

  it("answers zero and negative ids with the resource's Portuguese 'not found'", async () => {
    await leavesHerDataAlone(async () => {
      for (const id of [0, -1, -2147483648]) {
        expectFieldError(await member.client.gql(`{ conversation(id: ${id}) { id } }`), "CONVERSATION_NOT_FOUND", ERROR_MESSAGES.CONVERSATION_NOT_FOUND);
        expectFieldError(await member.client.gql(`{ messages(conversationId: ${id}) { id } }`), "CONVERSATION_NOT_FOUND", ERROR_MESSAGES.CONVERSATION_NOT_FOUND);
        const none = await member.client.gql(`{ offer(id: ${id}) { id } publicProfile(id: ${id}) { __typename ... on AppError { code } } }`);
        expect(none.body).toEqual({ data: { offer: null, publicProfile: { __typename: "AppError", code: "NOT_FOUND" } } });
        const result = "__typename ... on AppError { code message }";
        const mutations: [string, string, string, string][] = [
          ["deleteOffer", `deleteOffer(id: ${id}) { ${result} }`, "NOT_FOUND", OFFER_NOT_FOUND],
          ["updateOffer", `updateOffer(id: ${id}, input: { title: "Um título novo e válido" }) { ${result} }`, "NOT_FOUND", OFFER_NOT_FOUND],
          ["toggleLike", `toggleLike(offerId: ${id}) { ${result} }`, "NOT_FOUND", OFFER_NOT_FOUND],
          ["startConversation", `startConversation(offerId: ${id}) { ${result} }`, "NOT_FOUND", OFFER_NOT_FOUND],
          ["sendMessage", `sendMessage(conversationId: ${id}, content: "Olá") { ${result} }`, "CONVERSATION_NOT_FOUND", ERROR_MESSAGES.CONVERSATION_NOT_FOUND],
          ["markConversationRead", `markConversationRead(conversationId: ${id}) { ${result} }`, "CONVERSATION_NOT_FOUND", ERROR_MESSAGES.CONVERSATION_NOT_FOUND],
          ["deleteConversation", `deleteConversation(conversationId: ${id}) { ${result} }`, "CONVERSATION_NOT_FOUND", ERROR_MESSAGES.CONVERSATION_NOT_FOUND],
          ["reportOffer", `reportOffer(input: { offerId: ${id}, reason: spam }) { ${result} }`, "NOT_FOUND", OFFER_NOT_FOUND],
        ];
        for (const [field, selection, code, message] of mutations) {
          expectAppErrorResult(await member.client.gql(`mutation { ${selection} }`), field, code, message);
        }
        const target = await member.client.gql(`mutation { reportOffer(input: { offerId: ${offerId}, reason: spam, reportedUserId: ${id} }) { ${result} } }`);
        expectAppErrorResult(target, "reportOffer", "REPORT_TARGET_MISMATCH", ERROR_MESSAGES.REPORT_TARGET_MISMATCH);
      }
      for (const cursor of ["before: -5", "after: -1", "before: -2147483648"]) {
        const answer = await member.client.gql(`{ messages(conversationId: ${conversationId}, ${cursor}) { id } }`);
        expectFieldError(answer, "BAD_REQUEST", BAD_CURSOR);
      }
    });
    await stillServing(t);
  });

  it("answers 'Cursor de paginação inválido' to forged board cursors, and still pages with a real one", async () => {
    const encode = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");
    const date = "2026-03-10T12:00:00.000Z";
    const forged = [
      "!!!",
      "not base64 at all",
      "%00",
      encode("hello"),
      encode("{}"),
      encode([]),
      encode({ rank: 3, id: 1 }),
      encode([3, "+275760-09-13T00:00:00.000Z", date, 1]),
      encode([3, date, "-271821-04-20T00:00:00.000Z", 1]),
      encode([3, "0000-01-01T00:00:00.000Z", date, 1]),
      encode([3, date, date, 99999999999]),
      encode([3, date, date, 2147483648]),
      encode([3, date, date, -1]),
      encode([3, date, date, 1.5]),
      encode([1e308, date, date, 1]),
      encode([-1, date, date, 1]),
      encode(["3", date, date, 1]),
      encode([3, 1e15, date, 1]),
      encode([3, "x".repeat(150), date, 1]),
      encode([3, date, date, 1, "extra", "x".repeat(100)]),
      "A".repeat(100_000),
      encode("[".repeat(5000)),
    ];
    const anonymous = new TestClient(t.url);
    for (const after of forged) {
      const answer = await anonymous.gql("query ($after: String) { offers(first: 1, after: $after) { edges { cursor } } }", { after });
      expect({ after: after.slice(0, 80), status: answer.status, error: answer.body.errors?.[0]?.message }).toEqual({
        after: after.slice(0, 80),
        status: 200,
        error: BAD_CURSOR,
      });
      expectFieldError(answer, "BAD_REQUEST", BAD_CURSOR);
    }
    const first = await anonymous.gql("{ offers(first: 1) { edges { node { id } } pageInfo { endCursor hasNextPage } } }");
    expect(first.body.data.offers.pageInfo.hasNextPage).toBe(true);
    const next = await anonymous.gql("query ($after: String) { offers(first: 1, after: $after) { edges { node { id } } } }", {
      after: first.body.data.offers.pageInfo.endCursor,
    });
    expect(next.body.errors).toBeUndefined();
    expect(next.body.data.offers.edges).toHaveLength(1);
    await stillServing(t);
  });
});

describe("NUL bytes in every text a member writes", () => {
  const PROFILE_TEXT_FIELDS = [
    "fullName",
    "nickname",
    "email",
    "cpf",
    "birthDate",
    "cep",
    "street",
    "houseNumber",
    "complement",
    "neighborhood",
    "city",
    "state",
    "professionalActivity",
    "melhorEmail",
    "website",
    "linkedin",
    "instagram",
    "tiktok",
    "facebook",
    "youtube",
    "bannerLink",
    "miniBio",
    "businessType",
    "serviceType",
    "entrepreneurProfile",
  ];
  const withNul = (text: string) => `${text.slice(0, 3)}${NUL}${text.slice(3)}`;
  const improveInput = { title: "Consultoria de marca", description: "Ajudo confeitarias a organizar a identidade visual.", postType: "oferta" };

  it("REST: offers, messages, every profile field, reports, board filters, sign-in and 'Ajustar por IA' answer 400", async () => {
    const anonymous = new TestClient(t.url);
    await leavesHerDataAlone(async () => {
      const attempts: [TestClient, string, string, unknown][] = [
        [member.client, "POST", "/api/offers", { ...validOffer, title: withNul(validOffer.title) }],
        [member.client, "POST", "/api/offers", { ...validOffer, description: withNul(validOffer.description) }],
        [member.client, "POST", "/api/offers", { ...validOffer, categories: [`Marketing${NUL}`] }],
        [member.client, "PUT", `/api/offers/${ownOfferId}`, { ...validOffer, title: withNul(validOffer.title) }],
        [member.client, "PUT", `/api/offers/${ownOfferId}`, { ...validOffer, description: withNul(validOffer.description) }],
        [member.client, "POST", `/api/conversations/${conversationId}/messages`, { content: `Olá${NUL}` }],
        [member.client, "POST", `/api/conversations/${conversationId}/messages`, { content: NUL }],
        ...PROFILE_TEXT_FIELDS.map((field): [TestClient, string, string, unknown] => [member.client, "PUT", "/api/profile", completeProfile({ [field]: withNul("texto qualquer") })]),
        [member.client, "PUT", "/api/profile", completeProfile({ interests: [`Voluntariado${NUL}`] })],
        [member.client, "PUT", "/api/profile", { ...completeProfile(), [`full${NUL}Name`]: "Maria" }],
        [member.client, "POST", "/api/reports", { offerId, reason: "other", customReason: withNul("É um golpe evidente") }],
        [member.client, "POST", "/api/reports", { offerId, reason: `spam${NUL}` }],
        [anonymous, "POST", "/api/auth/send-token", { phone: `11${NUL}987654321`, countryCode: "BR" }],
        [anonymous, "POST", "/api/auth/send-token", { phone: "11987654321", countryCode: `B${NUL}R` }],
        [anonymous, "POST", "/api/auth/verify-token", { phone: "11987654321", countryCode: "BR", token: "123456", referralCode: NUL }],
        [member.client, "POST", "/api/improve-text", { ...improveInput, title: withNul(improveInput.title) }],
        [member.client, "POST", "/api/improve-text", { ...improveInput, description: withNul(improveInput.description) }],
      ];
      for (const [client, method, path, body] of attempts) {
        const answer = await client.rest(method, path, body);
        expect({ path, status: answer.status }).toEqual({ path, status: 400 });
        expectRefused(answer, 400, "VALIDATION", NUL_TEXT);
      }
      for (const query of ["location=%00", "type=%00", "category=%00", "location=SP%00"]) {
        expectRefused(await anonymous.rest("GET", `/api/offers?${query}`), 400, "VALIDATION", NUL_TEXT);
        expectRefused(await member.client.rest("GET", `/api/offers?${query}`), 400, "VALIDATION", NUL_TEXT);
      }
      expectRefused(await member.client.rest("GET", `/api/conversations/${conversationId}/messages?before=%00`), 400, "VALIDATION", NUL_TEXT);
    });
    await stillServing(t);
  });

  it("GraphQL: createOffer, updateOffer, sendMessage, updateProfile, reportOffer, sign-in and improveOfferText answer an AppError", async () => {
    const anonymous = new TestClient(t.url);
    const result = "__typename ... on AppError { code message }";
    await leavesHerDataAlone(async () => {
      const attempts: [TestClient, string, string, Record<string, unknown>][] = [
        [member.client, "createOffer", `mutation ($v: OfferInput!) { createOffer(input: $v) { ${result} } }`, { v: { ...validOffer, title: withNul(validOffer.title) } }],
        [member.client, "createOffer", `mutation ($v: OfferInput!) { createOffer(input: $v) { ${result} } }`, { v: { ...validOffer, description: withNul(validOffer.description) } }],
        [member.client, "updateOffer", `mutation ($v: UpdateOfferInput!) { updateOffer(id: ${ownOfferId}, input: $v) { ${result} } }`, { v: { title: withNul(validOffer.title) } }],
        [member.client, "updateOffer", `mutation ($v: UpdateOfferInput!) { updateOffer(id: ${ownOfferId}, input: $v) { ${result} } }`, { v: { description: withNul(validOffer.description) } }],
        [member.client, "sendMessage", `mutation ($v: String!) { sendMessage(conversationId: ${conversationId}, content: $v) { ${result} } }`, { v: `Olá${NUL}` }],
        ...PROFILE_TEXT_FIELDS.map((field): [TestClient, string, string, Record<string, unknown>] => [
          member.client,
          "updateProfile",
          `mutation ($v: ProfileInput!) { updateProfile(input: $v) { ${result} } }`,
          { v: completeProfile({ [field]: withNul("texto qualquer") }) },
        ]),
        [member.client, "updateProfile", `mutation ($v: ProfileInput!) { updateProfile(input: $v) { ${result} } }`, { v: completeProfile({ interests: [`Voluntariado${NUL}`] }) }],
        [member.client, "reportOffer", `mutation ($v: String) { reportOffer(input: { offerId: ${offerId}, reason: other, customReason: $v }) { ${result} } }`, { v: withNul("É um golpe evidente") }],
        [anonymous, "sendLoginToken", `mutation ($v: String!) { sendLoginToken(input: { phone: $v, countryCode: "BR" }) { ${result} } }`, { v: `11${NUL}987654321` }],
        [anonymous, "verifyLoginToken", `mutation ($v: String) { verifyLoginToken(input: { phone: "11987654321", countryCode: "BR", token: "123456", referralCode: $v }) { ${result} } }`, { v: NUL }],
        [member.client, "improveOfferText", `mutation ($v: String!) { improveOfferText(input: { title: $v, description: "Ajudo confeitarias a organizar a identidade visual.", postType: oferta }) { ${result} } }`, { v: withNul(improveInput.title) }],
      ];
      for (const [client, field, operation, variables] of attempts) {
        const answer = await client.gql(operation, variables);
        expect({ field, variables, answer: answer.body.data?.[field] }).toMatchObject({ field, variables, answer: { code: "VALIDATION" } });
        expectAppErrorResult(answer, field, "VALIDATION", NUL_TEXT);
      }
      // The same NUL written as an escape inside the document rather than in a variable.
      const inline = await member.client.gql(`mutation { sendMessage(conversationId: ${conversationId}, content: "Olá\\u0000") { ${result} } }`);
      expectAppErrorResult(inline, "sendMessage", "VALIDATION", NUL_TEXT);
      for (const filter of ['{ state: "\\u0000" }', '{ category: "\\u0000" }', '{ state: "SP\\u0000" }']) {
        expectFieldError(await anonymous.gql(`{ offers(filter: ${filter}) { edges { cursor } } }`), "VALIDATION", NUL_TEXT);
      }
    });
    await stillServing(t);
  });
});
