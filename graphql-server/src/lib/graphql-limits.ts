import { ApolloArmor } from "@escape.tech/graphql-armor";
import { costLimitRule } from "@escape.tech/graphql-armor-cost-limit";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { maxDirectivesRule } from "@escape.tech/graphql-armor-max-directives";
import { MaxTokensParserWLexer } from "@escape.tech/graphql-armor-max-tokens";
import type { GraphQLArmorConfig } from "@escape.tech/graphql-armor-types";
import { GraphQLError, type DocumentNode } from "graphql";
import { nestsDeeperThan } from "./json-nesting.js";

/**
 * What one GraphQL operation may ask for, over HTTP and WebSocket alike. The web app's largest
 * operation stays well inside (a test checks every generated document against them); a query that
 * multiplies work (240 aliases of one field, thousands of tokens, deep nesting) is refused before
 * it runs. Messages are the client's to read, in Portuguese, without the numbers an attacker tunes to.
 */
export const GRAPHQL_LIMITS = {
  // Our types nest only a few levels; introspection's standard query reaches 13.
  maxDepth: 15,
  maxAliases: 15,
  maxDirectives: 10,
  maxTokens: 2000,
  // Armor multiplies a field's cost by a literal `first`: the partners' documented page, sponsorData
  // (first: 200) with its 12 row fields, total and nextCursor, costs 7,000 (7,450 with __typename).
  maxCost: 7500,
} as const;

const armorConfig: GraphQLArmorConfig = {
  maxDepth: { n: GRAPHQL_LIMITS.maxDepth, ignoreIntrospection: false, exposeLimits: false, errorMessage: "Consulta aninhada demais" },
  maxAliases: { n: GRAPHQL_LIMITS.maxAliases, exposeLimits: false, errorMessage: "Consulta com apelidos (aliases) demais" },
  maxDirectives: { n: GRAPHQL_LIMITS.maxDirectives, exposeLimits: false, errorMessage: "Consulta com diretivas demais" },
  // Armor's Apollo plugin for tokens parses in a hook whose errors Apollo answers with 500, syntax
  // errors included (graphql-armor#751): Apollo's own parser counts the tokens (apolloArmor below).
  maxTokens: { enabled: false },
  costLimit: { maxCost: GRAPHQL_LIMITS.maxCost, exposeLimits: false, errorMessage: "Consulta complexa demais: divida-a em partes menores" },
  blockFieldSuggestion: { enabled: true },
};

const TOO_LONG = "Consulta longa demais";

/**
 * Apollo Server's plugins and validation rules enforcing the limits (GraphQL Armor), and the parse
 * options that stop at the token limit (a syntax error: 400).
 */
export function apolloArmor() {
  const { plugins, validationRules } = new ApolloArmor(armorConfig).protect();
  return { plugins, validationRules, parseOptions: { maxTokens: GRAPHQL_LIMITS.maxTokens } };
}

/** The same limits as validation rules, for graphql-ws (which validates on its own). */
export const wsValidationRules = [
  maxDepthRule(armorConfig.maxDepth),
  maxAliasesRule(armorConfig.maxAliases),
  maxDirectivesRule(armorConfig.maxDirectives),
  costLimitRule(armorConfig.costLimit),
];

/** Parses an operation, refusing one longer than the token limit (graphql-ws's own parse has none). */
export function parseWithTokenLimit(source: string): DocumentNode {
  return new MaxTokensParserWLexer(source, { n: GRAPHQL_LIMITS.maxTokens, exposeLimits: false, errorMessage: TOO_LONG }).parseDocument();
}

/**
 * A request whose variables or extensions nest deeper than JSON_NESTING_LIMIT, refused before
 * anything walks them (the board's cache key is JSON.stringify of the variables); null otherwise.
 * Over HTTP it answers 400, over graphql-ws the operation's error.
 */
export function nestingRefusal(request: { variables?: unknown; extensions?: unknown }): GraphQLError | null {
  if (nestsDeeperThan(request.variables)) return new GraphQLError("Consulta com variáveis aninhadas demais", { extensions: { code: "BAD_USER_INPUT" } });
  if (nestsDeeperThan(request.extensions)) return new GraphQLError("Consulta com extensões aninhadas demais", { extensions: { code: "BAD_REQUEST" } });
  return null;
}

/**
 * A refusal by the limits as the client reads it: only the Portuguese text, without Armor's
 * "Syntax Error: " prefix or the token count graphql's parser names. Other messages pass unchanged.
 */
const limitRefusalMessage = (message: string) =>
  /^Syntax Error: Document contains more that \d+ tokens/.test(message) ? TOO_LONG : message.replace(/^Syntax Error: (?=Consulta)/, "");

/** What graphql-js and Apollo refuse, by code, in the product's words. */
const REFUSALS: Record<string, string> = {
  GRAPHQL_PARSE_FAILED: "Consulta GraphQL com erro de sintaxe",
  GRAPHQL_VALIDATION_FAILED: "Consulta GraphQL inválida para este esquema",
  BAD_USER_INPUT: "Valor inválido em uma variável ou argumento da consulta",
  BAD_REQUEST: "Requisição GraphQL inválida",
  OPERATION_RESOLUTION_FAILURE: "Operação não encontrada no documento enviado",
  PERSISTED_QUERY_NOT_SUPPORTED: "Consultas persistidas (persisted queries) não são aceitas: envie o texto da consulta em query, sem a extensão persistedQuery",
};

/**
 * A refusal of a malformed request in Portuguese: the limits' own texts as they are, graphql-js's
 * and Apollo's English ("Syntax Error: ...", "Cannot query field ...") as a Portuguese message with
 * the original kept in `extensions.detail` for the developer who wrote the query.
 */
export function refusalInPortuguese<E extends { message: string; extensions?: Record<string, unknown> }>(error: E): E {
  const message = limitRefusalMessage(error.message);
  const code = typeof error.extensions?.code === "string" ? error.extensions.code : "";
  if (message !== error.message || /^(Consulta|Assinaturas)/.test(message) || !REFUSALS[code]) return { ...error, message };
  return { ...error, message: REFUSALS[code], extensions: { ...error.extensions, code, detail: error.message } };
}
