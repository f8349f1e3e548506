// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./jitless.js";
import { z } from "zod";
import { withoutNul } from "./text.js";

/** Texts of the staff's banner form (issue 13), used by the form and the server. */
export const BANNER_MESSAGES = {
  altRequired: "Texto alternativo é obrigatório",
  altMax: "O texto alternativo deve ter no máximo 200 caracteres",
  link: "Link inválido",
  position: "A ordem deve ser um número inteiro de 0 a 9999",
  active: "Informe se o banner está ativo",
  date: "Data inválida",
  endsBeforeStart: "A data de fim deve ser depois da data de início",
} as const;

export const BANNER_LIMITS = { altMax: 200, linkMax: 500, positionMax: 9999 } as const;

/** Empty text (a form's blank field) is no value. */
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

const date = z.preprocess(
  blankToNull,
  z
    .iso.datetime({ offset: true, error: BANNER_MESSAGES.date })
    .transform((text) => new Date(text))
    .nullable(),
);

/**
 * One banner's fields as a client sends them: JSON (GraphQL's BannerInput, PATCH) or a multipart
 * form, whose values are all text (position '3', active 'true'). Blank link or dates mean none.
 */
export const bannerFields = {
  alt: z
    .string({ error: BANNER_MESSAGES.altRequired })
    .trim()
    .min(1, BANNER_MESSAGES.altRequired)
    .max(BANNER_LIMITS.altMax, BANNER_MESSAGES.altMax),
  link: z.preprocess(
    blankToNull,
    z
      .string({ error: BANNER_MESSAGES.link })
      .trim()
      .max(BANNER_LIMITS.linkMax, BANNER_MESSAGES.link)
      .refine((text) => {
        try {
          const url = new URL(text);
          return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
        } catch {
          return false;
        }
      }, BANNER_MESSAGES.link)
      .nullable(),
  ),
  position: z.preprocess(
    (value) => (typeof value === "string" && /^\s*\d{1,4}\s*$/.test(value) ? Number(value) : value),
    z.number({ error: BANNER_MESSAGES.position }).int(BANNER_MESSAGES.position).min(0, BANNER_MESSAGES.position).max(BANNER_LIMITS.positionMax, BANNER_MESSAGES.position),
  ),
  active: z.preprocess(
    (value) => (value === "true" ? true : value === "false" ? false : value),
    z.boolean({ error: BANNER_MESSAGES.active }),
  ),
  startsAt: date,
  endsAt: date,
};

/** The end must come after the start (both given). */
export const bannerWindowValid = (startsAt: Date | null | undefined, endsAt: Date | null | undefined) =>
  !startsAt || !endsAt || endsAt.getTime() > startsAt.getTime();

const windowRule = <T extends { startsAt?: Date | null; endsAt?: Date | null }>(value: T, ctx: z.RefinementCtx) => {
  if (!bannerWindowValid(value.startsAt, value.endsAt)) {
    ctx.addIssue({ code: "custom", message: BANNER_MESSAGES.endsBeforeStart, path: ["endsAt"], input: value });
  }
};

/** A new banner (the image comes beside it): alt required; position 0, active and no dates by default. */
export const bannerCreateSchema = withoutNul(
  z
    .object({
      ...bannerFields,
      link: bannerFields.link.optional().default(null),
      position: bannerFields.position.optional().default(0),
      active: bannerFields.active.optional().default(true),
      startsAt: bannerFields.startsAt.optional().default(null),
      endsAt: bannerFields.endsAt.optional().default(null),
    })
    .superRefine(windowRule),
);
export type BannerCreate = z.output<typeof bannerCreateSchema>;

/**
 * An edit: a field left out (or undefined) keeps its value; null clears link and dates. The dates
 * are checked against each other here when both are sent, and against the stored ones by the server.
 */
export const bannerUpdateSchema = withoutNul(z.object(bannerFields).partial().superRefine(windowRule));
export type BannerUpdate = z.output<typeof bannerUpdateSchema>;

/** The first issue of a refused banner payload: its field (when one) and its text. */
export function bannerIssueOf(error: z.ZodError): { field: string | null; message: string } {
  const first = error.issues[0];
  return { field: first?.path[0] !== undefined ? String(first.path[0]) : null, message: first?.message ?? BANNER_MESSAGES.altRequired };
}
