// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./jitless.js";
import { z } from "zod";
import { SEARCH_MAX_CHARS, SEARCH_TOO_LONG } from "../search.js";
import { withoutNul } from "./text.js";

/** A search's text as sent: at most SEARCH_MAX_CHARS once trimmed, no NUL. */
export const searchTextSchema = withoutNul(z.string().trim().max(SEARCH_MAX_CHARS, SEARCH_TOO_LONG).nullish());

/** The members directory's filters ('Parceiras'): words, a professional activity, an interest, a state's UF. */
export const memberFilterSchema = withoutNul(
  z.object({
    q: z.string().trim().max(SEARCH_MAX_CHARS, SEARCH_TOO_LONG).nullish(),
    activity: z.string().trim().max(80, "Filtro inválido").nullish(),
    interest: z.string().trim().max(80, "Filtro inválido").nullish(),
    state: z.string().trim().max(2, "Filtro inválido").nullish(),
  }),
);
