// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./jitless.js";
import { z } from "zod";
import { todayInSaoPaulo } from "../calendar.js";
import { INTERESTS, LIMITS, PROFESSIONAL_ACTIVITIES, SPONSOR_FILTERS } from "../constants.js";
import { isValidCpf } from "./cpf.js";
import { CONVERSATIONS_FROM, SAFETY_REFUSALS } from "../safety.js";
import { withoutNul } from "./text.js";

/** Texts of the profile form (spec part 1 section 5), used by the form and the server. */
export const PROFILE_MESSAGES = {
  fullName: "Nome completo é obrigatório",
  nickname: "Apelido é obrigatório",
  cpfLength: "CPF deve ter 11 dígitos",
  cpfInvalid: "CPF inválido",
  birthDate: "Data de nascimento é obrigatória",
  over18: "Você deve ter mais de 18 anos para se cadastrar",
  birthDateImplausible: "Confira a data de nascimento: ela não parece real",
  cep: "CEP é obrigatório",
  houseNumber: "Número da casa é obrigatório",
  professionalActivity: "Atividade profissional é obrigatória",
  interests: "Selecione pelo menos um interesse",
  email: "Email inválido",
  url: "URL inválida",
  miniBio: "MiniBio deve ter no máximo 500 caracteres",
  acceptedTerms: "Você deve aceitar os termos de uso",
  acceptedPrivacyPolicy: "Você deve aceitar a política de privacidade",
  acceptedLGPD: "Você deve autorizar o uso das informações conforme LGPD",
  tooLong: "Texto longo demais",
} as const;

/** Whole years between a birth date and a day, both YYYY-MM-DD. */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split("-").map(Number);
  const [ty, tm, td] = today.split("-").map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/** A day that exists (YYYY-MM-DD): not 31 February, which Date.parse quietly turns into March. */
export function isCalendarDate(value: string): boolean {
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
}

/** '' and whitespace become null: empty optional fields are stored as null (spec). */
const emptyToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);
const optionalText = (max: number) => z.preprocess(emptyToNull, z.string().trim().max(max, PROFILE_MESSAGES.tooLong).nullable().optional());
/** "site.com:8080" names a host and port, not a scheme. */
const EXPLICIT_SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
// eslint-disable-next-line no-control-regex -- control characters are what it finds
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/**
 * A web address a member typed, as the normalised http(s) URL to store and link to, or null when
 * it is not one. 'site.com.br' becomes 'https://site.com.br/'. Refused: any other scheme
 * ('javascript:', 'data:'), user info (in 'javascript:alert(1)%2F%2F@evil.example' or
 * 'https://bank.example@evil.example' the part before '@' hides where the link goes), control
 * characters, and hosts without a dot.
 */
export function normalizedWebUrl(value: string): string | null {
  const text = value.trim();
  if (!text || CONTROL_CHARACTERS.test(text)) return null;
  const scheme = EXPLICIT_SCHEME.exec(text)?.[1].toLowerCase();
  if (scheme && scheme !== "http" && scheme !== "https") return null;
  let url: URL;
  try {
    url = new URL(scheme ? text : `https://${text.replace(/^\/+/, "")}`);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || !url.hostname.includes(".")) return null;
  return url.href;
}

const optionalUrl = z.preprocess(
  emptyToNull,
  z
    .string()
    .max(300, PROFILE_MESSAGES.url)
    .transform((value, ctx) => {
      const url = normalizedWebUrl(value);
      if (url === null) {
        ctx.addIssue({ code: "custom", message: PROFILE_MESSAGES.url });
        return z.NEVER;
      }
      return url;
    })
    .nullable()
    .optional(),
);
const optionalEmail = z.preprocess(emptyToNull, z.email(PROFILE_MESSAGES.email).max(200, PROFILE_MESSAGES.email).nullable().optional());
const mustAccept = (message: string) => z.literal(true, { error: message });
const optionalChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(emptyToNull, z.enum(values).nullable().optional());

/**
 * The 'Meu Perfil' form. `today` (YYYY-MM-DD, America/Sao_Paulo) decides the age check, so the
 * server and tests can pass their own clock.
 */
export function profileSchema(today: string = todayInSaoPaulo()) {
  return withoutNul(profileFields(today));
}

function profileFields(today: string) {
  return z.object({
    fullName: z.string({ error: PROFILE_MESSAGES.fullName }).trim().min(2, PROFILE_MESSAGES.fullName).max(120, PROFILE_MESSAGES.tooLong),
    nickname: z.string({ error: PROFILE_MESSAGES.nickname }).trim().min(2, PROFILE_MESSAGES.nickname).max(60, PROFILE_MESSAGES.tooLong),
    email: optionalEmail,
    cpf: z
      .string({ error: PROFILE_MESSAGES.cpfLength })
      .transform((v) => v.replace(/\D/g, ""))
      .refine((v) => v.length === LIMITS.cpfDigits, PROFILE_MESSAGES.cpfLength)
      .refine((v) => v.length !== LIMITS.cpfDigits || isValidCpf(v), PROFILE_MESSAGES.cpfInvalid),
    birthDate: z
      .string({ error: PROFILE_MESSAGES.birthDate })
      .regex(/^\d{4}-\d{2}-\d{2}$/, PROFILE_MESSAGES.birthDate)
      .refine(isCalendarDate, PROFILE_MESSAGES.birthDate)
      .refine((v) => !isCalendarDate(v) || ageOn(v, today) >= LIMITS.minimumAge, PROFILE_MESSAGES.over18)
      .refine((v) => !isCalendarDate(v) || ageOn(v, today) <= LIMITS.maximumAge, PROFILE_MESSAGES.birthDateImplausible),
    cep: z
      .string({ error: PROFILE_MESSAGES.cep })
      .transform((v) => v.replace(/\D/g, ""))
      .refine((v) => v.length === LIMITS.cepDigits, PROFILE_MESSAGES.cep),
    street: optionalText(200),
    houseNumber: z.string({ error: PROFILE_MESSAGES.houseNumber }).trim().min(1, PROFILE_MESSAGES.houseNumber).max(20, PROFILE_MESSAGES.tooLong),
    complement: optionalText(120),
    neighborhood: optionalText(120),
    city: optionalText(120),
    state: optionalText(60),
    professionalActivity: z.enum(PROFESSIONAL_ACTIVITIES, { error: PROFILE_MESSAGES.professionalActivity }),
    interests: z.array(z.enum(INTERESTS, { error: PROFILE_MESSAGES.interests }), { error: PROFILE_MESSAGES.interests }).min(1, PROFILE_MESSAGES.interests),
    melhorEmail: optionalEmail,
    website: optionalUrl,
    linkedin: optionalUrl,
    youtube: optionalUrl,
    facebook: optionalUrl,
    instagram: optionalText(200),
    tiktok: optionalText(200),
    miniBio: z.preprocess(emptyToNull, z.string().trim().max(LIMITS.miniBioMax, PROFILE_MESSAGES.miniBio).nullable().optional()),
    bannerLink: optionalUrl,
    businessType: optionalChoice(SPONSOR_FILTERS.businessType),
    serviceType: optionalChoice(SPONSOR_FILTERS.serviceType),
    entrepreneurProfile: optionalChoice(SPONSOR_FILTERS.profile),
    shareWithSponsors: z.boolean().default(false),
    whatsappNotificationsEnabled: z.boolean().default(true),
    // Absent: the stored choice stays (it is also set on its own, issue 27).
    conversationsFrom: z.enum(CONVERSATIONS_FROM, { error: SAFETY_REFUSALS.conversationsFromInvalid }).optional(),
    acceptedTerms: mustAccept(PROFILE_MESSAGES.acceptedTerms),
    acceptedPrivacyPolicy: mustAccept(PROFILE_MESSAGES.acceptedPrivacyPolicy),
    acceptedLGPD: mustAccept(PROFILE_MESSAGES.acceptedLGPD),
    isOver18: mustAccept(PROFILE_MESSAGES.over18),
  });
}

export type ProfileInput = z.input<ReturnType<typeof profileFields>>;
export type Profile = z.output<ReturnType<typeof profileFields>>;

/** Fields only majestade and imperatriz may fill (spec part 1 section 6); others are stored as null. */
export const PREMIUM_PROFILE_FIELDS = ["bannerLink", "miniBio", "website", "linkedin", "youtube", "facebook", "instagram", "tiktok"] as const;
