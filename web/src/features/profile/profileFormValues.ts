// The profile form's values, how a stored profile becomes them, and the form's props.
import { asPlan, hasShowcaseProfile, BRAZILIAN_STATES, formatCep, formatCpf, type Profile } from "@clube-coroa/schema";

/** The form's own values: text as typed ('' when empty), choices as strings, consents as booleans. */
export interface ProfileFormValues {
  fullName: string;
  nickname: string;
  email: string;
  cpf: string;
  whatsapp: string;
  birthDate: string;
  cep: string;
  street: string;
  houseNumber: string;
  complement: string;
  neighborhood: string;
  city: string;
  state: string;
  professionalActivity: string;
  interests: string[];
  melhorEmail: string;
  website: string;
  linkedin: string;
  youtube: string;
  facebook: string;
  instagram: string;
  tiktok: string;
  miniBio: string;
  bannerLink: string;
  businessType: string;
  serviceType: string;
  entrepreneurProfile: string;
  shareWithSponsors: boolean;
  whatsappNotificationsEnabled: boolean;
  acceptedTerms: boolean;
  acceptedPrivacyPolicy: boolean;
  acceptedLGPD: boolean;
  isOver18: boolean;
}

export type FieldName = keyof ProfileFormValues;
export type TextFieldName = { [K in FieldName]: ProfileFormValues[K] extends string ? K : never }[FieldName];
export type BooleanFieldName = { [K in FieldName]: ProfileFormValues[K] extends boolean ? K : never }[FieldName];

export const EMPTY_PROFILE_VALUES: ProfileFormValues = {
  fullName: "",
  nickname: "",
  email: "",
  cpf: "",
  whatsapp: "",
  birthDate: "",
  cep: "",
  street: "",
  houseNumber: "",
  complement: "",
  neighborhood: "",
  city: "",
  state: "",
  professionalActivity: "",
  interests: [],
  melhorEmail: "",
  website: "",
  linkedin: "",
  youtube: "",
  facebook: "",
  instagram: "",
  tiktok: "",
  miniBio: "",
  bannerLink: "",
  businessType: "",
  serviceType: "",
  entrepreneurProfile: "",
  shareWithSponsors: false,
  whatsappNotificationsEnabled: true,
  acceptedTerms: false,
  acceptedPrivacyPolicy: false,
  acceptedLGPD: false,
  isOver18: false,
};

type ProfileLike = { [K in FieldName]?: ProfileFormValues[K] | null };

/** Form values from a stored profile: null becomes '' (or the default), CPF and CEP come masked. */
export function profileFormValues(profile: ProfileLike): ProfileFormValues {
  const values = { ...EMPTY_PROFILE_VALUES };
  for (const key of Object.keys(EMPTY_PROFILE_VALUES) as FieldName[]) {
    const value = profile[key];
    if (value !== null && value !== undefined) (values as Record<FieldName, unknown>)[key] = value;
  }
  values.birthDate = values.birthDate.slice(0, 10);
  values.cpf = formatCpf(values.cpf);
  values.cep = formatCep(values.cep);
  return values;
}

export interface Address {
  street?: string | null;
  neighborhood?: string | null;
  city?: string | null;
  state?: string | null;
}

export interface ProfileFormProps {
  initial: ProfileFormValues;
  /**
   * Her WhatsApp notices as stored now: the same choice as 'Notificações' (issue 29). When it changes
   * there, the form's switch follows; the rest of what she typed stays.
   */
  whatsappNotificationsEnabled?: boolean;
  plan: string;
  /** ISO country of the member; the address is looked up by CEP only for Brazil. */
  countryCode?: string;
  /** Receives the checked profile: empty optional fields as null, CPF and CEP as digits. */
  onSave: (values: Profile) => Promise<void>;
  /** The address of an 8-digit CEP, or null when unknown. */
  onCepLookup: (cep: string) => Promise<Address | null>;
  /**
   * Messages the server sent back for fields (by field name), shown under them. Pass a new object for
   * each answer; names the form does not know are ignored (the page shows them in a toast).
   */
  serverErrors?: Partial<Record<string, string>> | null;
}

/** Banner link, miniBio and social links are for majestade and imperatriz (spec part 1 section 6). */
export const hasPremiumProfile = (plan: string): boolean => {
  const known = asPlan(plan);
  return known !== null && hasShowcaseProfile(known);
};

const STATE_BY_NAME = new Map<string, string>(BRAZILIAN_STATES.map(([uf, name]) => [name.toLowerCase(), uf]));
export const toUf = (state: string) => STATE_BY_NAME.get(state.trim().toLowerCase()) ?? state.trim();
