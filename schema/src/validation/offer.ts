// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./jitless.js";
import { z } from "zod";
import { LIMITS, OFFER_CATEGORIES, OFFER_TYPES, POST_TYPES } from "../constants.js";
import { withoutNul } from "./text.js";

/** Texts of the 6-step proposal form (spec part 1 section 5), used by the form and the server. */
export const OFFER_MESSAGES = {
  postType: "Selecione se é oferta ou pedido",
  titleMin: "Título deve ter pelo menos 10 caracteres",
  titleMax: "Título deve ter no máximo 120 caracteres",
  descriptionMin: "Descrição deve ter pelo menos 30 caracteres",
  descriptionMax: "Descrição deve ter no máximo 1.500 caracteres",
  type: "Selecione um tipo de parceria",
  categoriesMin: "Selecione pelo menos 1 categoria",
  categoriesMax: "Máximo 3 categorias",
  categoryUnknown: "Categoria inválida",
} as const;

const { offerTitle, offerDescription, offerCategories } = LIMITS;

export const offerFields = {
  postType: z.enum(POST_TYPES, { error: OFFER_MESSAGES.postType }),
  title: z
    .string({ error: OFFER_MESSAGES.titleMin })
    .trim()
    .min(offerTitle.min, OFFER_MESSAGES.titleMin)
    .max(offerTitle.max, OFFER_MESSAGES.titleMax),
  description: z
    .string({ error: OFFER_MESSAGES.descriptionMin })
    .trim()
    .min(offerDescription.min, OFFER_MESSAGES.descriptionMin)
    .max(offerDescription.max, OFFER_MESSAGES.descriptionMax),
  type: z.enum(OFFER_TYPES, { error: OFFER_MESSAGES.type }),
  categories: z
    .array(z.enum(OFFER_CATEGORIES, { error: OFFER_MESSAGES.categoryUnknown }), { error: OFFER_MESSAGES.categoriesMin })
    .min(offerCategories.min, OFFER_MESSAGES.categoriesMin)
    .max(offerCategories.max, OFFER_MESSAGES.categoriesMax)
    .refine((list) => new Set(list).size === list.length, OFFER_MESSAGES.categoryUnknown),
  isUrgent: z.boolean().default(false),
};

/** A new offer or request: the payload of POST /api/offers and of `createOffer`. */
export const offerInputSchema = withoutNul(z.object(offerFields));
export type OfferInput = z.infer<typeof offerInputSchema>;

/**
 * An edit sends the fields it changes (PUT /api/offers/{id} sends them all, without id); a field
 * left out keeps its value, so isUrgent has no default here.
 */
export const offerUpdateSchema = withoutNul(z.object({ ...offerFields, isUrgent: z.boolean() }).partial());
export type OfferUpdate = z.infer<typeof offerUpdateSchema>;

/** The fields each of the form's six steps validates before 'Próximo'. */
export const OFFER_FORM_STEPS = [["postType"], ["title"], ["description"], ["type"], ["categories"], ["isUrgent"]] as const;

/** The first message of a step's fields, or null when the step is valid. */
export function offerStepError(step: number, values: Partial<Record<keyof typeof offerFields, unknown>>): string | null {
  const fields = OFFER_FORM_STEPS[step - 1] ?? [];
  for (const field of fields) {
    const result = offerFields[field].safeParse(values[field]);
    if (!result.success) return result.error.issues[0]?.message ?? null;
  }
  return null;
}
