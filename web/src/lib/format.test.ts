import { describe, expect, it } from "vitest";
import { formatCents, formatDate, formatRelativeTime, initialsOf, yearOf } from "./format";

const now = new Date("2026-11-23T12:00:00Z");
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe("formatRelativeTime", () => {
  it("reads 'Agora mesmo' under a minute and for a clock that runs ahead", () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe("Agora mesmo");
    expect(formatRelativeTime(ago(-5 * MIN), now)).toBe("Agora mesmo");
  });

  it("counts minutes, hours, days, months and years in singular and plural", () => {
    expect(formatRelativeTime(ago(MIN), now)).toBe("Há 1 minuto");
    expect(formatRelativeTime(ago(45 * MIN), now)).toBe("Há 45 minutos");
    expect(formatRelativeTime(ago(HOUR), now)).toBe("Há 1 hora");
    expect(formatRelativeTime(ago(2 * HOUR + 59 * MIN), now)).toBe("Há 2 horas");
    expect(formatRelativeTime(ago(DAY), now)).toBe("Há 1 dia");
    expect(formatRelativeTime(ago(3 * DAY), now)).toBe("Há 3 dias");
    expect(formatRelativeTime(ago(31 * DAY), now)).toBe("Há 1 mês");
    expect(formatRelativeTime(ago(100 * DAY), now)).toBe("Há 3 meses");
    expect(formatRelativeTime(ago(400 * DAY), now)).toBe("Há 1 ano");
    expect(formatRelativeTime(ago(800 * DAY), now)).toBe("Há 2 anos");
  });

  it("reads nothing for an unreadable date", () => {
    expect(formatRelativeTime("ontem", now)).toBe("");
  });
});

describe("yearOf", () => {
  it("uses the São Paulo calendar", () => {
    expect(yearOf("2024-01-01T01:00:00Z")).toBe(2023);
    expect(yearOf("2024-06-01T12:00:00Z")).toBe(2024);
    expect(yearOf(null)).toBeNull();
    expect(yearOf("x")).toBeNull();
  });
});

describe("initialsOf", () => {
  it("takes the first and last initials, or 'U' without a name", () => {
    expect(initialsOf("ana maria souza")).toBe("AS");
    expect(initialsOf("Bia")).toBe("B");
    expect(initialsOf("  ")).toBe("U");
    expect(initialsOf(null)).toBe("U");
  });
});

describe("formatCents", () => {
  it("formats integer cents as reais", () => {
    expect(formatCents(2790)).toBe("R$ 27,90");
  });
});

describe("formatDate", () => {
  it("shows the day on the product's calendar, pt-BR", () => {
    expect(formatDate("2025-03-12T14:30:00.000Z")).toBe("12/03/2025");
    // 01:00 UTC is still the evening before in São Paulo.
    expect(formatDate("2025-03-13T01:00:00.000Z")).toBe("12/03/2025");
  });

  it("reads '' when there is no readable date", () => {
    expect(formatDate(null)).toBe("");
    expect(formatDate("ontem")).toBe("");
  });
});
