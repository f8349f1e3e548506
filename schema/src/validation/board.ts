import { z } from "zod";
import { withoutNul } from "./text.js";

const filterValue = z
  .string()
  .trim()
  .max(60, "Filtro inválido")
  .nullish();

/**
 * The board's filters as the client sends them (GraphQL `offers(filter:)`, `GET /api/offers`
 * query): a type, a post type, a category or area slug, a state's UF; 'all' or empty means no filter.
 */
export const boardFilterSchema = withoutNul(
  z.object({ type: filterValue, postType: filterValue, category: filterValue, state: filterValue }),
);
