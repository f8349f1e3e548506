import { BANNER_LIMITS, BANNER_MESSAGES, ERROR_MESSAGES, bannerCreateSchema, instantFromSaoPauloWallClock, saoPauloWallClock } from "@clube-coroa/schema";
import type { ApolloClient } from "@apollo/client";
import UploadHttpLink from "apollo-upload-client/UploadHttpLink.mjs";
import type { AdminBannerFieldsFragment, BannerInput } from "../../gql/graphql";
import { GRAPHQL_PATH } from "../../lib/apollo";

/**
 * The banner form's client checks: the server's own zod schema (schema/src/validation/banner.ts),
 * its São Paulo dates and the link that sends its image (GraphQL multipart).
 */
export const BANNER_RULES = {
  positionMax: BANNER_LIMITS.positionMax,
  imageMaxBytes: 5 * 1024 * 1024,
  imageTypes: ["image/jpeg", "image/png", "image/webp", "image/gif"],
} as const;

const FORM_MESSAGES = {
  imageRequired: "Escolha a imagem do banner",
  imageType: ERROR_MESSAGES.IMAGE_TYPE,
  imageTooLarge: ERROR_MESSAGES.IMAGE_TOO_LARGE,
} as const;

export type BannerField = "image" | "alt" | "link" | "position" | "startsAt" | "endsAt";
export type FieldErrors = Partial<Record<BannerField, string>>;

export interface BannerFormValues {
  alt: string;
  link: string;
  position: string;
  active: boolean;
  /** datetime-local values, São Paulo's wall clock; '' = no bound. */
  startsAt: string;
  endsAt: string;
}

export function formValuesOf(banner: AdminBannerFieldsFragment | null, nextPosition = 0): BannerFormValues {
  return {
    alt: banner?.alt ?? "",
    link: banner?.link ?? "",
    position: String(banner?.position ?? nextPosition),
    active: banner?.active ?? true,
    startsAt: banner?.startsAt ? saoPauloWallClock(banner.startsAt) : "",
    endsAt: banner?.endsAt ? saoPauloWallClock(banner.endsAt) : "",
  };
}

export function checkImage(file: File | null, required: boolean): string | null {
  if (!file) return required ? FORM_MESSAGES.imageRequired : null;
  if (file.type && !(BANNER_RULES.imageTypes as readonly string[]).includes(file.type)) return FORM_MESSAGES.imageType;
  if (file.size > BANNER_RULES.imageMaxBytes) return FORM_MESSAGES.imageTooLarge;
  return null;
}

/** The form's values as the server's BannerInput, or the errors of each field (the first per field). */
export function toBannerInput(values: BannerFormValues): { input: BannerInput; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const instant = (field: "startsAt" | "endsAt") => {
    if (!values[field]) return null;
    const date = instantFromSaoPauloWallClock(values[field]);
    if (!date) errors[field] = BANNER_MESSAGES.date;
    return date?.toISOString() ?? null;
  };
  const startsAt = instant("startsAt");
  const endsAt = instant("endsAt");
  const parsed = bannerCreateSchema.safeParse({
    alt: values.alt,
    link: values.link,
    position: values.position.trim() || "0",
    active: values.active,
    startsAt,
    endsAt,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "alt") as BannerField;
      errors[field] ??= issue.message;
    }
  }
  const data = parsed.success ? parsed.data : null;
  return {
    input: {
      alt: values.alt.trim(),
      link: data?.link ?? (values.link.trim() || null),
      position: data?.position ?? 0,
      active: values.active,
      startsAt,
      endsAt,
    },
    errors,
  };
}

/** An AppError result of createBanner, replaceBannerImage or updateBanner: its text and the fields it names. */
export function refusalOf(result: { message: string; fieldErrors?: { field: string; message: string }[] | null }): { message: string; fieldErrors: FieldErrors } {
  const fieldErrors: FieldErrors = {};
  for (const e of result.fieldErrors ?? []) fieldErrors[e.field as BannerField] = e.message;
  return { message: result.message, fieldErrors };
}

/** What the upload mutations are sent with: their variables carry a File (see enableUploads). */
export const UPLOAD_CONTEXT = { upload: true } as const;

const withUploads = new WeakSet<ApolloClient>();

/**
 * Sends the operations marked with UPLOAD_CONTEXT as GraphQL multipart requests (apollo-upload-client)
 * with the header Apollo's CSRF prevention asks of them; every other operation keeps its link. Added
 * to the app's one client by the admin code, once, so that the first load carries no upload code.
 */
export function enableUploads(client: ApolloClient): void {
  if (withUploads.has(client)) return;
  withUploads.add(client);
  const upload = new UploadHttpLink({ uri: GRAPHQL_PATH, credentials: "same-origin", headers: { "apollo-require-preflight": "true" } });
  // ApolloLink.split, reached through the subclass: importing ApolloLink here would make the first load's Apollo chunk export it.
  client.setLink(UploadHttpLink.split((operation) => operation.getContext().upload === true, upload, client.link));
}
