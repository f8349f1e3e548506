// What each viewer sees of the board, field by field of the built schema's `Offer`: a field whose
// value depends on who asks must be declared by the board's read model (PERSONAL_OFFER_FIELDS, or
// MEMBERS_ONLY_OFFER_FIELDS for visitors against members), since the GraphQL door serves one member's
// kept answer to every other member with only the declared fields set for her.
import { type GraphQLObjectType, isLeafType, getNamedType } from "graphql";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { MEMBERS_ONLY_OFFER_FIELDS, PERSONAL_OFFER_FIELDS } from "../src/domains/offers/board-read-model.js";
import { schema } from "../src/schema.js";
import { createMember, createOfferRow, startTestApp, TestClient, type TestApp } from "./harness.js";

const offerFields = Object.values((schema.getType("Offer") as GraphQLObjectType).getFields());
const personal: readonly string[] = PERSONAL_OFFER_FIELDS;
const membersOnly: readonly string[] = MEMBERS_ONLY_OFFER_FIELDS;
const BOARD = `query Board { offers(first: 50) { edges { node { ${offerFields.map((f) => f.name).join(" ")} } } } }`;

type Card = Record<string, unknown>;
type Viewer = "memberA" | "memberB" | "visitor";

describe("the board as each viewer sees it, field by field of Offer", () => {
  let t: TestApp;
  let clients: Record<Viewer, TestClient>;

  beforeAll(async () => {
    t = await startTestApp();
    // Two members on different plans (a field could depend on the viewer's plan too), and a third author.
    const a = await createMember(t, "5521977", { plan: "majestade" });
    const b = await createMember(t, "5521977", { plan: "nobreza" });
    const c = await createMember(t, "5521977", { plan: "alteza", nickname: "" });
    const ofA = await createOfferRow(t, a.user.id, "apoio", "Mentoria da Ana");
    const ofB = await createOfferRow(t, b.user.id, "apoio", "Bolos da Bia");
    const ofC = await createOfferRow(t, c.user.id, "apoio", "Costura da Cida");
    const { offers } = t.app.services;
    // She likes another's card; the other member likes hers and the third one.
    await offers.toggleLike(a.user, ofC.id);
    await offers.toggleLike(b.user, ofA.id);
    await offers.toggleLike(b.user, ofC.id);
    void ofB;
    clients = { memberA: a.client, memberB: b.client, visitor: new TestClient(t.url) };
  });
  afterAll(() => t?.close());

  const board = async (viewer: Viewer): Promise<Card[]> => {
    const answer = await clients[viewer].gql<{ offers: { edges: { node: Card }[] } }>(BOARD);
    expect(answer.body.errors).toBeUndefined();
    return answer.body.data!.offers.edges.map((e) => e.node);
  };
  /** Her board as execution answers it: the read model's caches emptied first. */
  const executed = (viewer: Viewer) => {
    t.app.services.offers.board.invalidate();
    return board(viewer);
  };
  const column = (cards: Card[], field: string) => cards.map((card) => card[field]);

  it("asks for every field of Offer (all are leaves without arguments)", () => {
    expect(offerFields.filter((f) => !isLeafType(getNamedType(f.type)) || f.args.length).map((f) => f.name)).toEqual([]);
    expect(offerFields.length).toBeGreaterThan(10);
    // What the read model declares exists on Offer.
    const names = offerFields.map((f) => f.name);
    expect([...personal, ...membersOnly].filter((name) => !names.includes(name))).toEqual([]);
  });

  it("answers every undeclared field alike to both members and a visitor; members-only fields alike to both members", async () => {
    const seen = { memberA: await executed("memberA"), memberB: await executed("memberB"), visitor: await executed("visitor") };
    expect(column(seen.memberA, "title").sort()).toEqual(["Bolos da Bia", "Costura da Cida", "Mentoria da Ana"]);
    for (const viewer of ["memberB", "visitor"] as const) expect(column(seen[viewer], "id")).toEqual(column(seen.memberA, "id"));
    for (const { name } of offerFields) {
      if (personal.includes(name)) continue;
      const why = `Offer.${name} differs between members: declare it in PERSONAL_OFFER_FIELDS (domains/offers/board-read-model.ts)`;
      expect(column(seen.memberB, name), why).toEqual(column(seen.memberA, name));
      if (membersOnly.includes(name)) continue;
      const whyVisitor = `Offer.${name} differs between a member and a visitor: declare it in MEMBERS_ONLY_OFFER_FIELDS or PERSONAL_OFFER_FIELDS`;
      expect(column(seen.visitor, name), whyVisitor).toEqual(column(seen.memberA, name));
    }
  });

  it("resolves every declared personal field per member", async () => {
    const a = await executed("memberA");
    const b = await executed("memberB");
    for (const name of personal) expect(column(a, name), `Offer.${name} is declared personal but is the same for both members`).not.toEqual(column(b, name));
    // Her own card, and the likes of each.
    const byTitle = (cards: Card[]) => Object.fromEntries(cards.map((card) => [card.title, [card.isOwn, card.isLiked]]));
    expect(byTitle(a)).toEqual({ "Mentoria da Ana": [true, false], "Costura da Cida": [false, true], "Bolos da Bia": [false, false] });
    expect(byTitle(b)).toEqual({ "Mentoria da Ana": [false, true], "Costura da Cida": [false, true], "Bolos da Bia": [true, false] });
  });

  it("serves each member, from the answer another member left in memory, exactly what execution gives her", async () => {
    const truth = { memberA: await executed("memberA"), memberB: await executed("memberB"), visitor: await executed("visitor") };
    const { board: readModel } = t.app.services.offers;
    const personalised = vi.spyOn(readModel, "personalValues");
    try {
      for (const [first, second] of [["memberA", "memberB"], ["memberB", "memberA"], ["memberA", "visitor"], ["visitor", "memberB"]] as const) {
        expect(await executed(first)).toEqual(truth[first]);
        const before = personalised.mock.calls.length;
        expect(await board(second), `${second} after ${first}`).toEqual(truth[second]);
        expect(await board(second), `${second} again`).toEqual(truth[second]);
        // A member's second look at least was served from memory, personalised by the read model.
        if (second !== "visitor") expect(personalised.mock.calls.length).toBeGreaterThan(before);
      }
    } finally {
      personalised.mockRestore();
    }
  });
});
