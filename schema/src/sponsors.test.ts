import { describe, expect, it } from "vitest";
import { BRAZILIAN_STATES, SPONSOR_FILTERS } from "./constants.js";
import { ageOn } from "./validation/profile.js";
import {
  AGE_BANDS,
  birthDateRangeOfBand,
  regionOfState,
  sponsorFilterQuery,
  sponsorFilterSchema,
  statesOfRegion,
  UF_REGION,
} from "./sponsors.js";

describe("regions", () => {
  it("puts each of the 27 states in one of the five IBGE regions", () => {
    expect(Object.keys(UF_REGION).sort()).toEqual(BRAZILIAN_STATES.map(([uf]) => uf).sort());
    const counts = Object.fromEntries(SPONSOR_FILTERS.region.map((r) => [r, Object.values(UF_REGION).filter((v) => v === r).length]));
    expect(counts).toEqual({ norte: 7, nordeste: 9, "centro-oeste": 4, sudeste: 4, sul: 3 });
  });

  it("reads a state as its two letters or its name, with or without accents", () => {
    expect(regionOfState("SP")).toBe("sudeste");
    expect(regionOfState(" sp ")).toBe("sudeste");
    expect(regionOfState("Goiás")).toBe("centro-oeste");
    expect(regionOfState("goias")).toBe("centro-oeste");
    expect(regionOfState("Distrito Federal")).toBe("centro-oeste");
    expect(regionOfState("Lisboa")).toBeNull();
    expect(regionOfState(null)).toBeNull();
  });

  it("lists the stored values of a region's states", () => {
    expect(statesOfRegion("sul")).toEqual(["PR", "Paraná", "RS", "Rio Grande do Sul", "SC", "Santa Catarina"]);
  });
});

describe("age bands", () => {
  const day = (d: Date) => d.toISOString().slice(0, 10);
  const inBand = (birth: string, band: keyof typeof AGE_BANDS, today: string) => {
    const { bornOnOrBefore, bornAfter } = birthDateRangeOfBand(band, today);
    return birth <= bornOnOrBefore && (bornAfter === null || birth > bornAfter);
  };

  it("agrees with ageOn for every birth date around each boundary, leap days included", () => {
    for (const today of ["2026-03-10", "2028-02-29", "2027-02-28", "2027-03-01", "2026-01-01", "2026-12-31"]) {
      const t = new Date(`${today}T00:00:00Z`);
      for (const years of [17, 18, 25, 26, 35, 36, 45, 46, 47]) {
        for (let offset = -3; offset <= 3; offset++) {
          const birth = new Date(Date.UTC(t.getUTCFullYear() - years, t.getUTCMonth(), t.getUTCDate() + offset));
          const b = day(birth);
          const age = ageOn(b, today);
          for (const band of SPONSOR_FILTERS.age) {
            const { min, max } = AGE_BANDS[band];
            expect(inBand(b, band, today), `${b} on ${today} in ${band}`).toBe(age >= min && (max === null || age <= max));
          }
        }
      }
      for (const leap of ["2000-02-29", "2004-02-29", "1980-02-29"]) {
        const age = ageOn(leap, today);
        for (const band of SPONSOR_FILTERS.age) {
          const { min, max } = AGE_BANDS[band];
          expect(inBand(leap, band, today), `${leap} on ${today} in ${band}`).toBe(age >= min && (max === null || age <= max));
        }
      }
    }
  });
});

describe("sponsor filters", () => {
  it("treats missing, empty and 'all' as no filter", () => {
    expect(sponsorFilterSchema.parse({})).toEqual({});
    expect(sponsorFilterSchema.parse({ region: "all", age: "", profile: "ALL" })).toEqual({});
  });

  it("accepts the spec's values, also without accents or in capitals", () => {
    expect(sponsorFilterSchema.parse({ businessType: "servico", serviceType: "HÍBRIDO", profile: "avancada", region: "Centro-Oeste", age: "46+" })).toEqual({
      businessType: "serviço",
      serviceType: "híbrido",
      profile: "avançada",
      region: "centro-oeste",
      age: "46+",
    });
  });

  it("refuses an unknown value with a Portuguese message that lists the accepted ones", () => {
    const result = sponsorFilterSchema.safeParse({ region: "leste" });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(
      "Filtro inválido em Região. Use um destes valores: all, norte, nordeste, centro-oeste, sudeste ou sul",
    );
    expect(sponsorFilterSchema.safeParse({ age: ["18-25", "26-35"] }).success).toBe(false);
    expect(sponsorFilterSchema.safeParse({ age: 18 }).success).toBe(false);
  });

  it("writes the filters back as a query string", () => {
    expect(sponsorFilterQuery({ region: "sul", age: "46+", businessType: "serviço" })).toBe("region=sul&businessType=servi%C3%A7o&age=46%2B");
    expect(sponsorFilterQuery({})).toBe("");
  });
});
