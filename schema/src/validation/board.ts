// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./jitless.js";
import { z } from "zod";
import { SEARCH_MAX_CHARS } from "../search.js";
import { withoutNul } from "./text.js";

const filterValue = z
  .string()
  .trim()
  .max(60, "Filtro inválido")
  .nullish();

/** The board's search words: at most SEARCH_MAX_CHARS once trimmed. */
const searchValue = z
  .string()
  .trim()
  .max(SEARCH_MAX_CHARS, `A busca pode ter no máximo ${SEARCH_MAX_CHARS} caracteres.`)
  .nullish();

/**
 * The board's filters as the client sends them (GraphQL `offers(filter:)`, `GET /api/offers`
 * query): a type, a post type, a category or area slug, a state's UF; 'all' or empty means no filter.
 */
export const boardFilterSchema = withoutNul(
  z.object({ type: filterValue, postType: filterValue, category: filterValue, state: filterValue, q: searchValue }),
);
