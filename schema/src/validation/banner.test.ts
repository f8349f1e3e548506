import { describe, expect, it } from "vitest";
import { BANNER_MESSAGES, bannerCreateSchema, bannerIssueOf, bannerUpdateSchema } from "./banner.js";

const refusal = (schema: typeof bannerCreateSchema | typeof bannerUpdateSchema, input: unknown) => {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`accepted ${JSON.stringify(input)}`);
  return bannerIssueOf(result.error);
};

describe("banner validation", () => {
  it("reads a multipart form's text values and fills the defaults", () => {
    expect(bannerCreateSchema.parse({ alt: "  Encontro  ", link: "", position: "3", active: "false", startsAt: "", endsAt: "2026-04-01T03:00:00Z" })).toEqual({
      alt: "Encontro",
      link: null,
      position: 3,
      active: false,
      startsAt: null,
      endsAt: new Date("2026-04-01T03:00:00Z"),
    });
    expect(bannerCreateSchema.parse({ alt: "Guia" })).toEqual({ alt: "Guia", link: null, position: 0, active: true, startsAt: null, endsAt: null });
  });

  it("requires the alternative text, 1 to 200 characters", () => {
    expect(refusal(bannerCreateSchema, {})).toEqual({ field: "alt", message: BANNER_MESSAGES.altRequired });
    expect(refusal(bannerCreateSchema, { alt: "   " })).toEqual({ field: "alt", message: BANNER_MESSAGES.altRequired });
    expect(refusal(bannerCreateSchema, { alt: "a".repeat(201) })).toEqual({ field: "alt", message: BANNER_MESSAGES.altMax });
    expect(bannerCreateSchema.parse({ alt: "a".repeat(200) }).alt).toHaveLength(200);
  });

  it("accepts only http(s) links of at most 500 characters", () => {
    for (const link of ["javascript:alert(1)", "ftp://example.org", "example.org", "https://", `https://example.org/${"a".repeat(490)}`]) {
      expect(refusal(bannerCreateSchema, { alt: "x", link }), link).toEqual({ field: "link", message: "Link inválido" });
    }
    expect(bannerCreateSchema.parse({ alt: "x", link: "http://example.org/a?b=1" }).link).toBe("http://example.org/a?b=1");
  });

  it("keeps the order between 0 and 9999 and refuses bad dates", () => {
    for (const position of [-1, 10000, 1.5, "abc", "12345"]) {
      expect(refusal(bannerCreateSchema, { alt: "x", position }).field).toBe("position");
    }
    expect(refusal(bannerCreateSchema, { alt: "x", startsAt: "amanhã" })).toEqual({ field: "startsAt", message: BANNER_MESSAGES.date });
    expect(refusal(bannerCreateSchema, { alt: "x", startsAt: "2026-04-02T00:00:00Z", endsAt: "2026-04-01T00:00:00Z" })).toEqual({
      field: "endsAt",
      message: "A data de fim deve ser depois da data de início",
    });
    expect(refusal(bannerUpdateSchema, { startsAt: "2026-04-01T00:00:00Z", endsAt: "2026-04-01T00:00:00Z" }).message).toBe(BANNER_MESSAGES.endsBeforeStart);
  });

  it("lets an edit send only what changes, null clearing the link and dates", () => {
    expect(bannerUpdateSchema.parse({ position: 2 })).toEqual({ position: 2 });
    expect(bannerUpdateSchema.parse({ link: null, endsAt: null })).toEqual({ link: null, endsAt: null });
    expect(refusal(bannerUpdateSchema, { alt: "" }).field).toBe("alt");
    expect(refusal(bannerUpdateSchema, { alt: "ok\u0000" }).message).toBe("O texto contém caracteres inválidos");
  });
});
