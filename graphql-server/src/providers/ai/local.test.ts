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
});
