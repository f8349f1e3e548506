import { describe, expect, it } from "vitest";
import { formatCpf, isValidCpf } from "./cpf.js";
import { OFFER_MESSAGES, offerInputSchema, offerStepError, offerUpdateSchema } from "./offer.js";
import { todayInSaoPaulo } from "../calendar.js";
import { ageOn, normalizedWebUrl, PROFILE_MESSAGES, profileSchema } from "./profile.js";
import { TEXT_MESSAGES } from "./text.js";

const validProfile = {
  fullName: "Maria da Silva",
  nickname: "Mari",
  cpf: "529.982.247-25",
  birthDate: "1990-05-20",
  cep: "01310-100",
  houseNumber: "100",
  professionalActivity: "Marketing & Comunicação",
  interests: ["Voluntariado"],
  acceptedTerms: true,
  acceptedPrivacyPolicy: true,
  acceptedLGPD: true,
  isOver18: true,
};
const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe("CPF", () => {
  it("checks both check digits", () => {
    expect(isValidCpf("529.982.247-25")).toBe(true);
    expect(isValidCpf("529.982.247-26")).toBe(false);
    expect(isValidCpf("111.111.111-11")).toBe(false);
    expect(formatCpf("52998224725")).toBe("529.982.247-25");
  });
});

describe("profile schema", () => {
  it("accepts a complete profile and stores empty optional fields as null", () => {
    const parsed = profileSchema("2026-11-23").parse({ ...validProfile, website: "", miniBio: "  " });
    expect(parsed).toMatchObject({ cpf: "52998224725", cep: "01310100", website: null, miniBio: null });
  });

  it("refuses a CPF with wrong check digits and one with missing digits", () => {
    expect(messagesOf(profileSchema().safeParse({ ...validProfile, cpf: "529.982.247-26" }))).toEqual([PROFILE_MESSAGES.cpfInvalid]);
    expect(messagesOf(profileSchema().safeParse({ ...validProfile, cpf: "529.982" }))).toEqual(["CPF deve ter 11 dígitos"]);
  });

  it("refuses members under 18 on the product's calendar", () => {
    expect(messagesOf(profileSchema("2026-11-23").safeParse({ ...validProfile, birthDate: "2008-11-24" }))).toEqual([
      "Você deve ter mais de 18 anos para se cadastrar",
    ]);
    expect(profileSchema("2026-11-23").safeParse({ ...validProfile, birthDate: "2008-11-23" }).success).toBe(true);
    expect(ageOn("2000-02-29", "2026-02-28")).toBe(25);
    expect(todayInSaoPaulo(new Date("2026-01-01T02:00:00Z"))).toBe("2025-12-31");
  });

  it("refuses a birth date no member could have: 1890, 31 February", () => {
    const on = profileSchema("2026-11-23");
    expect(messagesOf(on.safeParse({ ...validProfile, birthDate: "1890-03-10" }))).toEqual(["Confira a data de nascimento: ela não parece real"]);
    expect(on.safeParse({ ...validProfile, birthDate: "1906-11-23" }).success).toBe(true);
    expect(messagesOf(on.safeParse({ ...validProfile, birthDate: "1990-02-31" }))).toEqual(["Data de nascimento é obrigatória"]);
    expect(messagesOf(on.safeParse({ ...validProfile, birthDate: "1990-13-01" }))).toEqual(["Data de nascimento é obrigatória"]);
  });

  it("names every missing required field with the spec's text", () => {
    const messages = messagesOf(profileSchema().safeParse({}));
    for (const text of [
      "Nome completo é obrigatório",
      "Apelido é obrigatório",
      "CPF deve ter 11 dígitos",
      "Data de nascimento é obrigatória",
      "CEP é obrigatório",
      "Número da casa é obrigatório",
      "Atividade profissional é obrigatória",
      "Selecione pelo menos um interesse",
      "Você deve aceitar os termos de uso",
      "Você deve aceitar a política de privacidade",
      "Você deve autorizar o uso das informações conforme LGPD",
      "Você deve ter mais de 18 anos para se cadastrar",
    ]) {
      expect(messages).toContain(text);
    }
  });

  it("checks e-mails, links and the mini bio", () => {
    expect(messagesOf(profileSchema().safeParse({ ...validProfile, melhorEmail: "maria@" }))).toEqual(["Email inválido"]);
    expect(messagesOf(profileSchema().safeParse({ ...validProfile, website: "não é site" }))).toEqual(["URL inválida"]);
    expect(messagesOf(profileSchema().safeParse({ ...validProfile, miniBio: "a".repeat(501) }))).toEqual([
      "MiniBio deve ter no máximo 500 caracteres",
    ]);
  });

  const URL_FIELDS = ["website", "linkedin", "youtube", "facebook", "bannerLink"] as const;

  it.each([
    ["a javascript: URL hiding behind user info", "javascript:alert(document.domain)%2F%2F@evil.example"],
    ["a plain javascript: URL", "javascript:alert(1)"],
    ["a javascript: URL in capitals with slashes", "JavaScript://evil.example/%0Aalert(1)"],
    ["a data: URL", "data:text/html,<script>alert(1)</script>"],
    ["a vbscript: URL", "vbscript:msgbox(1)"],
    ["another scheme", "ftp://files.example.com/a"],
    ["a mailto: address", "mailto:maria@example.com"],
    ["user info on https", "https://banco.example.com@evil.example"],
    ["user and password", "https://maria:segredo@site.example.com"],
    ["user info without a scheme", "site.example.com:80@evil.example"],
    ["a line break", "site.example.com/\nlocation"],
    ["a host without a dot", "localhost:3000"],
  ])("refuses %s in every link field with 'URL inválida'", (_name, value) => {
    for (const field of URL_FIELDS) {
      const result = profileSchema().safeParse({ ...validProfile, [field]: value });
      expect(messagesOf(result)).toEqual(["URL inválida"]);
      expect(result.success ? [] : result.error.issues.map((issue) => issue.path[0])).toEqual([field]);
    }
    expect(normalizedWebUrl(value)).toBeNull();
  });

  it("refuses a NUL byte in any text field, naming the field", () => {
    for (const field of [...URL_FIELDS, "fullName", "street", "miniBio"]) {
      const result = profileSchema().safeParse({ ...validProfile, [field]: "site.example.com/\u0000" });
      expect(messagesOf(result)).toContain(TEXT_MESSAGES.invalidCharacters);
      expect(result.success ? [] : result.error.issues.map((issue) => issue.path[0])).toContain(field);
    }
    expect(normalizedWebUrl("site.example.com/\u0000")).toBeNull();
    expect(messagesOf(offerInputSchema.safeParse({ title: "Título com \u0000 no meio" }))).toContain(TEXT_MESSAGES.invalidCharacters);
  });

  it.each([
    ["site.com.br", "https://site.com.br/"],
    ["  Site.com.br/Loja?x=1  ", "https://site.com.br/Loja?x=1"],
    ["http://site.com.br", "http://site.com.br/"],
    ["HTTPS://www.linkedin.com/in/maria", "https://www.linkedin.com/in/maria"],
    ["site.com.br:8080/a", "https://site.com.br:8080/a"],
    ["//youtube.com/@maria", "https://youtube.com/@maria"],
    ["café.com.br", "https://xn--caf-dma.com.br/"],
  ])("stores %s as the http(s) URL %s", (value, stored) => {
    expect(normalizedWebUrl(value)).toBe(stored);
    const parsed = profileSchema().parse({ ...validProfile, website: value, bannerLink: value });
    expect([parsed.website, parsed.bannerLink]).toEqual([stored, stored]);
  });
});

describe("offer schema", () => {
  const offer = {
    postType: "oferta",
    title: "Parceria para ensaio de moda",
    description: "Sou fotógrafa e procuro uma estilista para um ensaio colaborativo.",
    type: "collab",
    categories: ["Moda", "Fotografia"],
  };

  it("accepts a valid offer with isUrgent false by default", () => {
    expect(offerInputSchema.parse(offer).isUrgent).toBe(false);
  });

  it("gives each step's message", () => {
    expect(offerStepError(1, {})).toBe(OFFER_MESSAGES.postType);
    expect(offerStepError(2, { title: "curto" })).toBe("Título deve ter pelo menos 10 caracteres");
    expect(offerStepError(2, { title: "x".repeat(121) })).toBe("Título deve ter no máximo 120 caracteres");
    expect(offerStepError(3, { description: "x".repeat(29) })).toBe("Descrição deve ter pelo menos 30 caracteres");
    expect(offerStepError(3, { description: "x".repeat(1501) })).toBe("Descrição deve ter no máximo 1.500 caracteres");
    expect(offerStepError(4, {})).toBe("Selecione um tipo de parceria");
    expect(offerStepError(5, { categories: [] })).toBe("Selecione pelo menos 1 categoria");
    expect(offerStepError(5, { categories: ["Moda", "Design", "Arte", "Música"] })).toBe("Máximo 3 categorias");
    expect(offerStepError(6, { isUrgent: true })).toBeNull();
  });

  it("keeps fields an edit leaves out, isUrgent included", () => {
    expect(offerUpdateSchema.parse({ title: "Novo título da proposta" })).toEqual({ title: "Novo título da proposta" });
  });

  it("refuses categories outside the list", () => {
    expect(messagesOf(offerInputSchema.safeParse({ ...offer, categories: ["Astrologia"] }))).toEqual(["Categoria inválida"]);
  });
});
