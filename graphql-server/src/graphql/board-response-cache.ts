import { randomBytes } from "node:crypto";
import type { ApolloServerPlugin, GraphQLRequestContext } from "@apollo/server";
import { Kind, type DocumentNode, type FragmentDefinitionNode, type OperationDefinitionNode, type SelectionSetNode } from "graphql";
import type { GraphQLContext } from "../context.js";
import type { BoardReadModel, CachedBoardResult, PersonalOfferField, PersonalValues } from "../domains/offers/board-read-model.js";

/** Root fields whose answer is the same for every anonymous visitor and changes only with the board. */
const PUBLIC_BOARD_FIELDS = new Set(["offers", "__typename"]);


/** A query that reads only the board (only those root fields, no fragments or directives at the root). */
function readsOnlyTheBoard(operation: OperationDefinitionNode | undefined) {
  if (!operation || operation.operation !== "query") return false;
  return operation.selectionSet.selections.every(
    (selection) => selection.kind === Kind.FIELD && PUBLIC_BOARD_FIELDS.has(selection.name.value) && !selection.directives?.length,
  );
}

/**
 * Where a member's board answer differs from another member's: the response keys (aliases) of each
 * node's personal fields (those the board's read model declares) and of the `id` that decides them,
 * under the response keys of `offers`, `edges` and `node`. Null when the query cannot be personalised
 * safely (a directive on that path, or a personal field without the card's id): such a member's query
 * executes.
 */
interface Personalisation {
  offers: string[];
  edges: string[];
  node: string[];
  id: string[];
  personal: { field: PersonalOfferField; keys: string[] }[];
  /** The personal fields the query selects. */
  fields: Set<PersonalOfferField>;
}

/** The fields of a selection set by name (fragments flattened), each with its response keys and sub-selections; null if a directive appears. */
function fieldsOf(sets: SelectionSetNode[], fragments: Map<string, FragmentDefinitionNode>) {
  const fields = new Map<string, { keys: Set<string>; sets: SelectionSetNode[] }>();
  const visit = (set: SelectionSetNode, depth: number): boolean => {
    if (depth > 10) return false;
    for (const selection of set.selections) {
      if (selection.directives?.length) return false;
      if (selection.kind === Kind.FIELD) {
        const entry = fields.get(selection.name.value) ?? { keys: new Set<string>(), sets: [] };
        entry.keys.add(selection.alias?.value ?? selection.name.value);
        if (selection.selectionSet) entry.sets.push(selection.selectionSet);
        fields.set(selection.name.value, entry);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!visit(selection.selectionSet, depth + 1)) return false;
      } else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment || fragment.directives?.length || !visit(fragment.selectionSet, depth + 1)) return false;
      }
    }
    return true;
  };
  return sets.every((set) => visit(set, 0)) ? fields : null;
}

function personalisationOf(
  document: DocumentNode,
  operation: OperationDefinitionNode,
  personalFields: readonly PersonalOfferField[],
): Personalisation | null {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const root = fieldsOf([operation.selectionSet], fragments);
  const offers = root?.get("offers");
  const connection = offers && fieldsOf(offers.sets, fragments);
  const edges = connection?.get("edges");
  const edge = edges && fieldsOf(edges.sets, fragments);
  const node = edge?.get("node");
  const card = node && fieldsOf(node.sets, fragments);
  if (!root || (offers && !connection) || (edges && !edge) || (node && !card)) return null;
  const keys = (name: string) => [...(card?.get(name)?.keys ?? [])];
  const personal = personalFields.map((field) => ({ field, keys: keys(field) })).filter((p) => p.keys.length > 0);
  const plan: Personalisation = {
    offers: [...(offers?.keys ?? [])],
    edges: [...(edges?.keys ?? [])],
    node: [...(node?.keys ?? [])],
    id: keys("id"),
    personal,
    fields: new Set(personal.map((p) => p.field)),
  };
  if (personal.length && !plan.id.length) return null;
  return plan;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The board nodes of an answer, in order. */
function nodesIn(data: Json, plan: Personalisation): Json[] {
  const nodes: Json[] = [];
  for (const offersKey of plan.offers) {
    const connection = data[offersKey];
    if (!isObject(connection)) continue;
    for (const edgesKey of plan.edges) {
      const edges = connection[edgesKey];
      if (!Array.isArray(edges)) continue;
      for (const edge of edges) {
        if (!isObject(edge)) continue;
        for (const nodeKey of plan.node) if (isObject(edge[nodeKey])) nodes.push(edge[nodeKey]);
      }
    }
  }
  return nodes;
}

/** One personal field of one card: which card (its id as the answer holds it) and which field. */
type PersonalField = { id: unknown; field: PersonalOfferField };

/** A copy of a member's answer with each card's personal fields given by `valueOf` (the path to each node copied, the rest shared). */
function personalised(data: Json, plan: Personalisation, valueOf: (slot: PersonalField) => unknown): Json {
  const copy = { ...data };
  for (const offersKey of plan.offers) {
    if (!isObject(copy[offersKey])) continue;
    const connection = { ...(copy[offersKey] as Json) };
    copy[offersKey] = connection;
    for (const edgesKey of plan.edges) {
      const edges = connection[edgesKey];
      if (!Array.isArray(edges)) continue;
      connection[edgesKey] = edges.map((edge: unknown) => {
        if (!isObject(edge)) return edge;
        const mine = { ...edge };
        for (const nodeKey of plan.node) {
          if (!isObject(mine[nodeKey])) continue;
          const node = { ...(mine[nodeKey] as Json) };
          const id = node[plan.id[0]];
          for (const { field, keys } of plan.personal) for (const key of keys) node[key] = valueOf({ id, field });
          mine[nodeKey] = node;
        }
        return mine;
      });
    }
  }
  return copy;
}

/** The text Apollo sends for an answer: its own serialisation (the object, then a newline). */
const answerText = (value: unknown) => `${JSON.stringify(value)}\n`;

/** The text of answers served from memory, by their data object (made once, or from a members' template). */
const texts = new WeakMap<object, string>();

/**
 * Apollo's `stringifyResult`: an answer served from memory is sent as the text made for it, without
 * serialising it again; any other answer as Apollo would send it.
 */
export function stringifyAnswer(value: { data?: unknown; errors?: unknown; extensions?: unknown }): string {
  const known = value.errors === undefined && value.extensions === undefined && isObject(value.data) ? texts.get(value.data) : undefined;
  return known ?? answerText(value);
}

/**
 * The members' answer as text with a slot for each card's personal fields: each member's text is
 * its pieces joined with her values, instead of serialising her copy. The slots are marked by strings
 * JSON cannot produce from a member's text without this process's random nonce.
 */
interface MembersTemplate {
  pieces: string[];
  fields: PersonalField[];
}
const NONCE = randomBytes(12).toString("hex");
const SLOT = new RegExp(`"\\\\u0000${NONCE}:(\\d+)"`);

function templateOf(data: Json, plan: Personalisation): MembersTemplate | null {
  const fields: PersonalField[] = [];
  const marked = personalised(data, plan, (field) => `\u0000${NONCE}:${fields.push(field) - 1}`);
  const split = answerText({ data: marked }).split(SLOT);
  const pieces = split.filter((_, i) => i % 2 === 0);
  const order = split.filter((_, i) => i % 2 === 1).map(Number);
  // Each slot exactly once (in the text's order, which is the query's): else the member's text is serialised.
  if (order.length !== fields.length || new Set(order).size !== fields.length || order.some((slot) => !(slot < fields.length))) return null;
  return { pieces, fields: order.map((slot) => fields[slot]) };
}

function filled(template: MembersTemplate, valueOf: (field: PersonalField) => unknown) {
  let text = template.pieces[0];
  for (let i = 0; i < template.fields.length; i += 1) text += JSON.stringify(valueOf(template.fields[i])) + template.pieces[i + 1];
  return text;
}

/**
 * Answers anonymous board queries from memory. An anonymous visitor's successful answer for a query
 * text and its variables is kept in a BoardCache, which the offers service empties whenever the board
 * changes, so the next anonymous visitors skip execution. Only anonymous answers are kept, so what
 * it serves is always the anonymous presentation (presentOffer); signed-in members always execute:
 * their answers carry the author's id and full name, isLiked and isOwn. A partner's key is never
 * answered from it (it may not read the board anyway). Answers with errors are
 * never kept.
 *
 * A signed-in member's answer is the members' presentation, the same for every member but for the
 * fields the board's read model declares personal (`board.personalFields`): one member's answer is
 * kept (apart from the anonymous ones) and served to every member with those fields set for her by
 * the read model (`board.personalValues`). A query where they cannot be found safely (directives, or
 * a personal field without the card's id), or whose cards the read model cannot personalise from
 * memory, executes. A member who sees a board of her own (authors hidden from her across a block)
 * has her answers kept apart, under her hidden authors (`board.ownBoardKey`), served only to a member
 * with the same ones (record 0253).
 */
export function boardResponseCache(board: Pick<BoardReadModel, "responseCache" | "personalFields" | "personalValues" | "ownBoardKey">): ApolloServerPlugin<GraphQLContext> {
  const cache: BoardReadModel["responseCache"] = board.responseCache;
  // Per query text: where its answer is personal (documents are few; the map is emptied if it grows).
  const plans = new Map<string, Personalisation | null>();
  // Per members' answer kept: its template (null when its slots could not be found).
  const templates = new WeakMap<CachedBoardResult, MembersTemplate | null>();
  const planOf = (rc: GraphQLRequestContext<GraphQLContext>) => {
    const hash = rc.queryHash!;
    if (!plans.has(hash)) {
      if (plans.size >= 500) plans.clear();
      plans.set(hash, rc.document && rc.operation ? personalisationOf(rc.document, rc.operation, board.personalFields) : null);
    }
    return plans.get(hash) ?? null;
  };
  const keyOf = (rc: GraphQLRequestContext<GraphQLContext>) => {
    if (rc.contextValue.partner || !rc.queryHash || !readsOnlyTheBoard(rc.operation)) return null;
    const variables = JSON.stringify([rc.queryHash, rc.operationName ?? null, rc.request.variables ?? {}]);
    if (!rc.contextValue.user) return { key: variables, plan: null };
    const plan = planOf(rc);
    return plan ? { key: `member:${variables}`, plan } : null;
  };

  return {
    async requestDidStart() {
      let pending: { key: string; generation: number; member: boolean } | undefined;
      return {
        async responseForOperation(rc) {
          const found = keyOf(rc);
          if (!found) return null;
          const { plan } = found;
          const viewer = rc.contextValue.user;
          // A member with authors hidden from her (a block, either way) has a board of her own: her
          // answers are kept under her hidden authors, never served to or from the others.
          const own = viewer ? await board.ownBoardKey(viewer.id) : "";
          const key = own ? `${found.key}|${own}` : found.key;
          const cached = await cache.peek(key);
          if (cached && plan && viewer) {
            const nodes = nodesIn(cached.data, plan);
            const ids = plan.id.length ? nodes.map((n) => n[plan.id[0]]).filter((id): id is number => typeof id === "number") : [];
            const values: PersonalValues | null = plan.fields.size ? await board.personalValues(viewer.id, ids, plan.fields) : () => false;
            // The read model cannot tell some card's personal fields from memory: the query executes.
            if (!values) {
              pending = { key, generation: cache.currentGeneration, member: true };
              return null;
            }
            const valueOf = ({ id, field }: PersonalField) => (typeof id === "number" ? values(id, field) : null);
            const data = personalised(cached.data, plan, valueOf);
            if (!templates.has(cached)) templates.set(cached, templateOf(cached.data, plan));
            const template = templates.get(cached);
            if (template) texts.set(data, filled(template, valueOf));
            return { http: rc.response.http, body: { kind: "single", singleResult: { data } } };
          }
          if (cached) return { http: rc.response.http, body: { kind: "single", singleResult: { data: cached.data } } };
          pending = { key, generation: cache.currentGeneration, member: plan !== null };
          return null;
        },
        async willSendResponse(rc) {
          const body = rc.response.body;
          if (!pending || body.kind !== "single" || body.singleResult.errors || !body.singleResult.data) return;
          // graphql-js builds its answers from null-prototype objects, which V8 keeps in dictionary
          // mode: a plain copy is faster to serve, to personalise and to serialise on every hit.
          const data = JSON.parse(JSON.stringify(body.singleResult.data)) as Json;
          // A visitor's answer is served as is: its text is made once.
          if (!pending.member) texts.set(data, answerText({ data }));
          cache.set(pending.key, { data }, pending.generation);
        },
      };
    },
  };
}
