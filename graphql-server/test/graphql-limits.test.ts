import { getNamedType, isInputObjectType, isListType, isNonNullType, Kind, print, specifiedRules, validate, type DocumentNode, type GraphQLInputType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as webDocuments from "../../web/src/gql/graphql.js";
import { MAX_OPERATIONS_PER_SOCKET } from "../src/graphql-ws.js";
import { apolloArmor, parseWithTokenLimit } from "../src/lib/graphql-limits.js";
import { JSON_NESTING_LIMIT } from "../src/lib/json-nesting.js";
import { schema } from "../src/schema.js";
import { collect, createMember, eventually, startTestApp, TestClient, type TestApp } from "./harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t?.close());

/** An operation document (fragments alone are not sent). */
const isOperation = (value: unknown): value is DocumentNode =>
  (value as DocumentNode | null)?.kind === Kind.DOCUMENT &&
  (value as DocumentNode).definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION);

describe("the GraphQL limits", () => {
  it("let every operation of the web app through", () => {
    const documents = Object.entries(webDocuments).filter((entry): entry is [string, DocumentNode] => isOperation(entry[1]));
    expect(documents.length).toBeGreaterThan(20);
    const rules = [...specifiedRules, ...apolloArmor().validationRules];
    for (const [name, document] of documents) {
      expect(() => parseWithTokenLimit(print(document)), name).not.toThrow();
      expect(validate(schema, document, rules).map((e) => e.message), name).toEqual([]);
    }
  });

  it("let the deepest variable the schema can take through the nesting limit", () => {
    // Levels of objects and lists a value of `type` can hold; a type that contains itself has no end.
    const levels = (type: GraphQLInputType, seen: string[] = []): number => {
      if (isNonNullType(type)) return levels(type.ofType, seen);
      if (isListType(type)) return 1 + levels(type.ofType, seen);
      if (!isInputObjectType(type)) return 0;
      if (seen.includes(type.name)) return Infinity;
      return 1 + Math.max(0, ...Object.values(type.getFields()).map((field) => levels(field.type, [...seen, type.name])));
    };
    const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()];
    const argumentTypes = roots.flatMap((root) => Object.values(root?.getFields() ?? {}).flatMap((field) => field.args.map((arg) => arg.type)));
    expect(argumentTypes.some((type) => isInputObjectType(getNamedType(type)))).toBe(true);
    // The variables object itself is the first level.
    const deepest = 1 + Math.max(...argumentTypes.map((type) => levels(type)));
    expect(deepest).toBeLessThanOrEqual(JSON_NESTING_LIMIT);
  });

  it("let the partners' largest page through but not three of them in one operation", () => {
    const rules = [...specifiedRules, ...apolloArmor().validationRules];
    const page = (alias: string) =>
      `${alias}: sponsorData(first: 200) { total nextCursor rows { __typename id fullName phone email plan region businessType ageBand serviceType entrepreneurProfile professionalActivity createdAt } }`;
    const errorsOf = (query: string) => validate(schema, parseWithTokenLimit(query), rules).map((e) => e.message);
    expect(errorsOf(`{ ${page("a")} }`)).toEqual([]);
    expect(errorsOf(`{ ${["a", "b", "c"].map(page).join(" ")} }`)).toEqual([expect.stringContaining("Consulta complexa demais")]);
  });

  it("refuse over WebSocket what they refuse over HTTP: aliases and length", async () => {
    const ws = new TestClient(t.url).ws();
    try {
      const aliases = collect(ws, `{ ${Array.from({ length: 240 }, (_, i) => `a${i}: communityStats { totalMembers }`).join(" ")} }`);
      const long = collect(ws, `{ communityStats { ${"totalMembers ".repeat(3000)} } }`);
      await eventually(() => aliases.errors.length > 0 && long.errors.length > 0, 5000, "both refusals");
      expect(JSON.stringify(aliases.errors)).toContain("Consulta com apelidos (aliases) demais");
      expect(JSON.stringify(long.errors)).toContain("Consulta longa demais");
      expect(aliases.values).toEqual([]);
    } finally {
      await ws.dispose();
    }
  });

  // A member's connection; one without a session holds fewer (test/socket-floods.test.ts).
  it(`hold at most ${MAX_OPERATIONS_PER_SOCKET} operations on one connection, and the connection keeps serving`, async () => {
    const ws = (await createMember(t, "5511976")).client.ws();
    try {
      const open = Array.from({ length: MAX_OPERATIONS_PER_SOCKET + 20 }, () => collect(ws, "subscription { offersChanged { kind } }"));
      await eventually(() => open.filter((s) => s.errors.length > 0).length === 20, 5000, "the excess refused");
      expect(JSON.stringify(open.find((s) => s.errors.length)?.errors)).toContain("Assinaturas demais abertas nesta conexão");
      // Ending some makes room again.
      open.slice(0, 10).forEach((s) => s.dispose());
      await eventually(async () => {
        const again = collect(ws, "subscription { offersChanged { kind } }");
        await new Promise((resolve) => setTimeout(resolve, 50));
        const refused = again.errors.length > 0;
        again.dispose();
        return !refused;
      }, 5000, "room for a new subscription");
      const health = await new TestClient(t.url).rest("GET", "/healthz");
      expect(health.status).toBe(200);
    } finally {
      await ws.dispose();
    }
  });
});
