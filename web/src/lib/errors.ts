import { CombinedGraphQLErrors, ServerError } from "@apollo/client/errors";

/** A request that never reached the server, or a gateway that could not reach it. */
export function isNetworkError(error: unknown): boolean {
  if (typeof navigator !== "undefined" && navigator.onLine === false) return true;
  if (ServerError.is(error)) return [0, 502, 503, 504].includes(error.statusCode);
  if (error instanceof TypeError) return true;
  return error instanceof Error && /network|failed to fetch|load failed/i.test(error.message);
}

export function httpStatusOf(error: unknown): number | null {
  return ServerError.is(error) ? error.statusCode : null;
}

/** The server's own words when it sent a GraphQL error; null for transport failures in English. */
export function serverMessageOf(error: unknown): string | null {
  if (CombinedGraphQLErrors.is(error)) return error.errors[0]?.message ?? null;
  return null;
}
