import { describe, expect, it } from "vitest";
import { LocalTextImprover } from "./local.js";

const improve = (description: string, postType: "oferta" | "pedido" = "oferta") =>
  new LocalTextImprover().improve({ title: "Título qualquer", description, postType });

describe("local text improver", () => {
  it("tidies spaces, capitalises sentences, ends with a period and closes an offer", async () => {
    expect(await improve("  ofereço   consultoria de marca .  atendo online!  agende já ")).toBe(
      "Ofereço consultoria de marca. Atendo online! Agende já.\n\nFicou interessada? Entre em contato e vamos conversar sobre esta parceria!",
    );
  });

  it("closes a request differently and keeps paragraphs", async () => {
    expect(await improve("procuro designer\n\n\n\npara logotipo", "pedido")).toBe(
      "Procuro designer\n\nPara logotipo.\n\nSe você pode ajudar, entre em contato e vamos conversar!",
    );
  });

  it("is idempotent and never exceeds 1500 characters", async () => {
    const once = await improve("texto curto");
    expect(await improve(once)).toBe(once);
    const long = await improve("palavra ".repeat(300));
    expect(long.length).toBeLessThanOrEqual(1500);
  });

  it("puts back the accents a phone keyboard left out and spells out shorthands, with the Portuguese dictionary", async () => {
    expect(await improve("esse mes to comecando meu negocio de doces, pra quem quiser parceria. vc tambem esta comecando? informacao e opcoes no perfil")).toBe(
      "Esse mês to começando meu negocio de doces, para quem quiser parceria. Você também está começando? Informação e opções no perfil." +
        "\n\nFicou interessada? Entre em contato e vamos conversar sobre esta parceria!",
    );
  });

  it("leaves names, acronyms, words it knows and words it cannot place as they are", async () => {
    const text = "Ana faz SEO e UX no Instagram da Kombuchita; esta parceria e xyzqwerty ficam.";
    expect(await improve(text)).toBe(`${text}\n\nFicou interessada? Entre em contato e vamos conversar sobre esta parceria!`);
  });

  it("corrects a whole description of 1,500 characters quickly, and a text of nonsense words too", async () => {
    const started = performance.now();
    const answer = await improve("voce sabe que a informacao do orcamento e do servico ".repeat(30).slice(0, 1500));
    expect(answer.length).toBeLessThanOrEqual(1500);
    expect(answer).toContain("Você sabe que a informação do orçamento e do serviço");
    const nonsense = await improve(Array.from({ length: 60 }, (_, i) => "acacacacacacacacaca".slice(i % 5)).join(" "));
    expect(nonsense.length).toBeLessThanOrEqual(1500);
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it("still tidies the text when its dictionary cannot be loaded", async () => {
    const improver = new LocalTextImprover({ speller: () => Promise.reject(new Error("no dictionary")) });
    expect(await improver.improve({ title: "T", description: "voce  pode", postType: "pedido" })).toBe(
      "Voce pode.\n\nSe você pode ajudar, entre em contato e vamos conversar!",
    );
  });
});
