import { BANNER_LIMITS, BANNER_MESSAGES, ERROR_MESSAGES, bannerCreateSchema, instantFromSaoPauloWallClock, saoPauloWallClock } from "@clube-coroa/schema";
import type { AdminBannerFieldsFragment, BannerInput } from "../../gql/graphql";

/**
 * The banner form's client checks: the server's own zod schema (schema/src/validation/banner.ts),
 * its São Paulo dates and its multipart calls.
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

export type UploadAnswer = { ok: true; banner: AdminBannerFieldsFragment } | { ok: false; message: string | null; fieldErrors: FieldErrors };

/** A REST answer: `{ success, banner }`, or `{ success: false, error, code, fieldErrors? }`. */
async function send(path: string, method: "POST" | "PUT", body: FormData): Promise<UploadAnswer> {
  try {
    // Same origin: the session cookie identifies her and the Origin header satisfies the CSRF guard.
    const response = await fetch(path, { method, body, credentials: "same-origin" });
    const answer = (await response.json().catch(() => null)) as {
      banner?: AdminBannerFieldsFragment;
      error?: unknown;
      fieldErrors?: Record<string, unknown>;
    } | null;
    if (response.ok && answer?.banner) return { ok: true, banner: answer.banner };
    const fieldErrors: FieldErrors = {};
    for (const [field, message] of Object.entries(answer?.fieldErrors ?? {})) {
      if (typeof message === "string") fieldErrors[(field === "file" ? "image" : field) as BannerField] = message;
    }
    return { ok: false, message: typeof answer?.error === "string" ? answer.error : null, fieldErrors };
  } catch {
    return { ok: false, message: null, fieldErrors: {} };
  }
}

/** POST /api/admin/banners: the image and the fields, as multipart. */
export function uploadNewBanner(file: File, input: BannerInput): Promise<UploadAnswer> {
  const body = new FormData();
  body.append("image", file);
  body.append("alt", input.alt);
  if (input.link) body.append("link", input.link);
  if (input.position != null) body.append("position", String(input.position));
  body.append("active", input.active === false ? "false" : "true");
  if (input.startsAt) body.append("startsAt", input.startsAt);
  if (input.endsAt) body.append("endsAt", input.endsAt);
  return send("/api/admin/banners", "POST", body);
}

/** PUT /api/admin/banners/{id}/image: a new picture for a banner. */
export function uploadBannerImage(id: number, file: File): Promise<UploadAnswer> {
  const body = new FormData();
  body.append("image", file);
  return send(`/api/admin/banners/${id}/image`, "PUT", body);
}
