import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createOfferRow, startTestApp, type TestApp } from "../../../test/harness.js";

// Searching her conversations (issue 28, record 0265): both doors, on the embedded database and on PostgreSQL.
const SEARCH = `query Search($q: String) {
  conversations(q: $q) {
    id messagingClosed otherUser { nickname } offer { title }
    match { fields snippet messageId terms }
  }
}`;

let t: TestApp;
type Member = Awaited<ReturnType<typeof createMember>>;
let her: Member;
let joana: Member;
let beatriz: Member;
let others: Member[];
const conversation: Record<string, number> = {};

async function talk(asker: Member, owner: Member, title: string, lines: [Member, string][]) {
  const offer = await createOfferRow(t, owner.user.id, "permuta", title);
  const started = await asker.client.rest("POST", "/api/conversations", { offerId: offer.id });
  expect(started.status).toBe(200);
  for (const [sender, content] of lines) {
    const sent = await sender.client.rest("POST", `/api/conversations/${started.body.id}/messages`, { content });
    expect(sent.status).toBe(201);
  }
  return started.body.id as number;
}

type Found = { id: number; messagingClosed: boolean; match?: { fields: string[]; snippet: string | null; messageId: number | null; terms: string[] } | null };
const restSearch = async (client: Member["client"], q: string) => {
  const answer = await client.rest<Found[]>("GET", `/api/conversations?q=${encodeURIComponent(q)}`);
  expect(answer.status).toBe(200);
  return answer.body;
};
const gqlSearch = async (client: Member["client"], q: string) => {
  const answer = await client.gql<{ conversations: Found[] }>(SEARCH, { q });
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!.conversations;
};
const doors = [restSearch, gqlSearch];

beforeAll(async () => {
  t = await startTestApp();
  her = await createMember(t, "55285", { nickname: "Helena" });
  joana = await createMember(t, "55285", { nickname: "Joana Conceição" });
  beatriz = await createMember(t, "55285", { nickname: "Beatriz" });
  others = [await createMember(t, "55285", { nickname: "Carla" }), await createMember(t, "55285", { nickname: "Dora" })];
  conversation.joana = await talk(her, joana, "Café colonial para eventos", [
    [her, "Olá! Posso levar o orçamento amanhã?"],
    [joana, "Pode sim, traga também as fotos do bolo."],
  ]);
  conversation.beatriz = await talk(beatriz, her, "Identidade visual para confeitarias", [[beatriz, "Quero trocar fotografia por consultoria."]]);
  // Not hers: words she searches are in it, and it never comes back to her.
  conversation.others = await talk(others[0], others[1], "Orçamento de café para Joana", [[others[0], "Orçamento do bolo de Helena e Joana"]]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("searching her conversations", () => {
  it("finds the other member's name, the offer's title and the messages without accents, saying where", async () => {
    for (const search of doors) {
      const byName = await search(her.client, "conceicao");
      expect(byName.map((c) => c.id)).toEqual([conversation.joana]);
      expect(byName[0].match).toMatchObject({ fields: ["name"], snippet: null, terms: ["conceicao"] });

      const byTitle = await search(her.client, "CAFE");
      expect(byTitle.map((c) => c.id)).toEqual([conversation.joana]);
      expect(byTitle[0].match?.fields).toEqual(["title"]);

      const byMessage = await search(her.client, "orcamento");
      expect(byMessage.map((c) => c.id)).toEqual([conversation.joana]);
      expect(byMessage[0].match).toMatchObject({ fields: ["message"], snippet: "Olá! Posso levar o orçamento amanhã?" });

      // A word still being typed, inside a word, in a conversation she did not start.
      const byPrefix = await search(her.client, "fotograf");
      expect(byPrefix.map((c) => c.id)).toEqual([conversation.beatriz]);

      // Every word must be somewhere in the conversation; the snippet is the newest message holding one.
      const both = await search(her.client, "joana bolo");
      expect(both.map((c) => c.id)).toEqual([conversation.joana]);
      expect(both[0].match).toMatchObject({ fields: ["name", "message"], snippet: "Pode sim, traga também as fotos do bolo." });
      expect(await search(her.client, "joana fotografia")).toEqual([]);
    }
  });

  it("never searches another member's conversations", async () => {
    for (const search of doors) {
      // The words are all in the others' conversation (its title, its message, 'Helena' too).
      expect((await search(her.client, "orcamento helena")).map((c) => c.id)).toEqual([]);
      expect((await search(her.client, "bolo")).map((c) => c.id)).toEqual([conversation.joana]);
      expect((await search(others[0].client, "orcamento")).map((c) => c.id)).toEqual([conversation.others]);
    }
  });

  it("keeps the list as it is for fewer than two letters, and refuses more than 100 characters", async () => {
    const list = await her.client.rest<Found[]>("GET", "/api/conversations");
    for (const search of doors) {
      for (const q of ["", "a", " ! "]) {
        const answer = await search(her.client, q);
        expect(answer.map((c) => c.id)).toEqual(list.body.map((c) => c.id));
        expect(answer.every((c) => c.match == null)).toBe(true);
      }
    }
    const long = "a".repeat(101);
    const rest = await her.client.rest("GET", `/api/conversations?q=${long}`);
    expect(rest.status).toBe(400);
    expect(rest.body.error).toBe("A busca pode ter no máximo 100 caracteres.");
    const gql = await her.client.gql(`query($q: String) { conversations(q: $q) { id } }`, { q: long });
    expect(gql.body.errors?.[0]?.message).toBe("A busca pode ter no máximo 100 caracteres.");
    expect((await her.client.rest("GET", `/api/conversations?q=${"a ".repeat(60)}b`)).status).toBe(400);
    expect((await her.client.rest("GET", "/api/conversations?q=cafe&q=bolo")).status).toBe(400);
  });

  it("finds a conversation across a block, readable and marked, and not one she deleted", async () => {
    expect((await her.client.rest("POST", `/api/users/${beatriz.user.id}/block`)).status).toBe(200);
    for (const search of doors) {
      const found = await search(her.client, "consultoria");
      expect(found.map((c) => [c.id, c.messagingClosed])).toEqual([[conversation.beatriz, true]]);
    }
    expect((await her.client.rest("DELETE", `/api/conversations/${conversation.joana}`)).status).toBe(200);
    for (const search of doors) expect(await search(her.client, "orcamento")).toEqual([]);
  });

  it("asks who is searching", async () => {
    const { TestClient } = await import("../../../test/harness.js");
    const visitor = new TestClient(t.url);
    expect((await visitor.rest("GET", "/api/conversations?q=cafe")).status).toBe(401);
  });
});
