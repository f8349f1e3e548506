// Her consents (issue 30, LGPD Art. 8 and 18 IX): the purposes she agrees to, each text with the
// version in force. A new version of a text is a new date here: at her next sign-in the web asks her
// again ('Atualizamos …') for each purpose whose last grant names an older version.

export const CONSENT_PURPOSES = ["terms", "privacy", "lgpd", "sponsors", "whatsapp", "push"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** Where a consent was given or changed (shown to her beside each one). */
export const CONSENT_SOURCES = {
  profile: "perfil",
  consents: "meus-dados",
  push: "notificacoes-push",
  /** State of the members who existed before consents were recorded, read from their profile. */
  legacy: "migração",
} as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[keyof typeof CONSENT_SOURCES];

export interface ConsentText {
  /** The version in force of the text she agrees to (the day it took effect). */
  version: string;
  label: string;
  /** One line: what the club does with it. */
  purpose: string;
  /** Where the text is read; null when the purpose line is the whole text. */
  link: string | null;
  /** Terms, privacy policy and LGPD hold while the account exists: leaving is deleting it. */
  revocable: boolean;
}

export const CONSENT_TEXTS: Record<ConsentPurpose, ConsentText> = {
  terms: { version: "2026-11-01", label: "Termos de uso", purpose: "As regras do clube: só mulheres, maiores de 18 anos, e o uso de cada plano.", link: "/termos", revocable: false },
  privacy: { version: "2026-11-01", label: "Política de privacidade", purpose: "Como o clube guarda e protege seus dados pessoais.", link: "/privacidade", revocable: false },
  lgpd: { version: "2026-11-01", label: "Autorização LGPD", purpose: "O uso das suas informações para o funcionamento do clube, conforme a LGPD.", link: "/privacidade", revocable: false },
  sponsors: { version: "2026-11-01", label: "Compartilhar com patrocinadores", purpose: "Seu nome, contato e dados do negócio enviados às marcas parceiras do clube.", link: null, revocable: true },
  whatsapp: { version: "2026-11-01", label: "Avisos por WhatsApp", purpose: "Avisos de novas mensagens e do clube no seu WhatsApp.", link: null, revocable: true },
  push: { version: "2026-11-01", label: "Notificações no aparelho", purpose: "Avisos do clube nos aparelhos em que você ativou as notificações.", link: null, revocable: true },
};

export const isConsentPurpose = (value: unknown): value is ConsentPurpose => typeof value === "string" && (CONSENT_PURPOSES as readonly string[]).includes(value);

export const CONSENT_MESSAGES = {
  unknownPurpose: `Finalidade desconhecida. Use uma destas: ${CONSENT_PURPOSES.join(", ")}.`,
  grantedNotBoolean: "Informe granted como true (aceitar) ou false (revogar).",
  cannotRevoke:
    "Termos de uso, política de privacidade e autorização LGPD valem enquanto a conta existir. Para retirá-los, exclua sua conta em Meu Perfil.",
  /** What 'Meus dados' says of the three consents that cannot be revoked. */
  fixedNote: "Valem enquanto a conta existir: para retirá-los, exclua sua conta.",
} as const;

/** Who saw her data: what a sharing-log entry's kind means to her. */
export const DATA_SHARE_KINDS = { partner: "Marca parceira", staff: "Equipe do clube (exportação)" } as const;
export type DataShareKind = keyof typeof DATA_SHARE_KINDS;

/** A field of hers a partner or an export read, as 'Quem viu meus dados' names it. */
export const SHARED_FIELD_LABELS: Record<string, string> = {
  id: "identificador",
  fullName: "nome",
  nickname: "apelido",
  phone: "telefone",
  email: "e-mail",
  plan: "plano",
  region: "região",
  state: "estado",
  city: "cidade",
  cep: "CEP",
  neighborhood: "bairro",
  businessType: "tipo de negócio",
  ageBand: "faixa de idade",
  age: "idade",
  birthDate: "data de nascimento",
  serviceType: "atendimento",
  entrepreneurProfile: "perfil empreendedor",
  professionalActivity: "atividade profissional",
  interests: "interesses",
  createdAt: "data de cadastro",
  melhorEmail: "melhor e-mail",
  website: "site",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  /** The staff downloaded the zip of 'Baixar meus dados' they prepared at her request. */
  dataExport: "todos os seus dados (arquivo .zip)",
};
