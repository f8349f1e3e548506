import { describe, expect, it } from "vitest";
import { BOARD_CATEGORY_GROUPS, BOARD_CATEGORY_SLUGS, categoriesForBoardSlug, OFFER_CATEGORIES, slugify } from "./constants.js";

describe("board categories", () => {
  it("puts each of the 59 form categories in exactly one group", () => {
    const grouped = Object.values(BOARD_CATEGORY_GROUPS).flat();
    expect(OFFER_CATEGORIES).toHaveLength(59);
    expect([...grouped].sort()).toEqual([...OFFER_CATEGORIES].sort());
  });

  it("offers 'all', a slug per category and the five groups, with no slug twice", () => {
    expect(BOARD_CATEGORY_SLUGS).toHaveLength(1 + 59 + 5);
    expect(new Set(BOARD_CATEGORY_SLUGS).size).toBe(BOARD_CATEGORY_SLUGS.length);
    expect(BOARD_CATEGORY_SLUGS).toEqual(expect.arrayContaining(["all", "joias-e-acessorios", "servicos", "digital"]));
  });

  it("maps a slug to its category, a group to its categories, anything else to none", () => {
    expect(categoriesForBoardSlug("joias-e-acessorios")).toEqual(["Joias e Acessórios"]);
    expect(categoriesForBoardSlug("Digital")).toContain("Redes Sociais");
    expect(categoriesForBoardSlug("outros")).toEqual([...BOARD_CATEGORY_GROUPS.outros]);
    expect(categoriesForBoardSlug("constructor")).toEqual([]);
    expect(categoriesForBoardSlug("nada-disso")).toEqual([]);
    expect(slugify("Alimentação")).toBe("alimentacao");
  });
});
