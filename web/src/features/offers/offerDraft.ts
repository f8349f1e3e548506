import { OFFER_TYPES, POST_TYPES, STORAGE_PREFIX, LIMITS, type OfferTypeName, type PostTypeName } from "@clube-coroa/schema";

/** What the proposal form holds while it is filled in: unanswered choices are null. */
export interface OfferFormValues {
  postType: PostTypeName | null;
  title: string;
  description: string;
  type: OfferTypeName | null;
  categories: string[];
  isUrgent: boolean;
}

/** A proposal she left before publishing, kept on this device for her (issue 24). */
export interface OfferDraft {
  values: OfferFormValues;
  step: number;
}

/** One draft per member on this device; signing out clears it with the rest of the app's storage. */
export const offerDraftKey = (memberId: number) => `${STORAGE_PREFIX}_offer_draft_${memberId}`;

function storage(): Storage | null {
  try {
    return typeof window !== "undefined" ? window.localStorage : null;
  } catch {
    return null;
  }
}

/** Whether she has typed or chosen anything worth keeping. */
export const hasContent = (v: OfferFormValues) =>
  v.postType !== null || v.type !== null || v.title.trim() !== "" || v.description.trim() !== "" || v.categories.length > 0;

const isString = (value: unknown): value is string => typeof value === "string";

/** Her kept draft, or null (none, or not one this form wrote: it is then forgotten). */
export function readOfferDraft(memberId: number): OfferDraft | null {
  const store = storage();
  const raw = store?.getItem(offerDraftKey(memberId));
  if (!store || !raw) return null;
  try {
    const parsed = JSON.parse(raw) as { values?: Record<string, unknown>; step?: unknown };
    const v = parsed.values ?? {};
    const values: OfferFormValues = {
      postType: (POST_TYPES as readonly unknown[]).includes(v.postType) ? (v.postType as PostTypeName) : null,
      title: isString(v.title) ? v.title : "",
      description: isString(v.description) ? v.description : "",
      type: (OFFER_TYPES as readonly unknown[]).includes(v.type) ? (v.type as OfferTypeName) : null,
      categories: Array.isArray(v.categories) ? v.categories.filter(isString) : [],
      isUrgent: v.isUrgent === true,
    };
    const step = typeof parsed.step === "number" && Number.isInteger(parsed.step) ? Math.min(Math.max(parsed.step, 1), LIMITS.offerSteps) : 1;
    if (!hasContent(values)) throw new Error("empty");
    return { values, step };
  } catch {
    store.removeItem(offerDraftKey(memberId));
    return null;
  }
}

export function writeOfferDraft(memberId: number, draft: OfferDraft): void {
  try {
    storage()?.setItem(offerDraftKey(memberId), JSON.stringify(draft));
  } catch {
    // A full or refused storage: the form still works, only the draft is not kept.
  }
}

export function clearOfferDraft(memberId: number): void {
  storage()?.removeItem(offerDraftKey(memberId));
}
