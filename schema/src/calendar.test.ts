import { describe, expect, it } from "vitest";
import { dayInSaoPaulo, inSaoPaulo, instantFromSaoPauloWallClock, saoPauloWallClock, startOfDayInSaoPaulo, startOfMonthInSaoPaulo, todayInSaoPaulo, yearInSaoPaulo } from "./calendar.js";

const startOfMonth = (iso: string) => startOfMonthInSaoPaulo(new Date(iso)).toISOString();

describe("São Paulo's calendar", () => {
  it("starts a month at midnight São Paulo time, 03:00 UTC since summer time ended in 2019", () => {
    expect(startOfMonth("2026-03-10T12:00:00Z")).toBe("2026-03-01T03:00:00.000Z");
    expect(startOfMonth("2026-03-01T03:00:00Z")).toBe("2026-03-01T03:00:00.000Z");
    // 23:59:59 on the last day of February in São Paulo is still February.
    expect(startOfMonth("2026-03-01T02:59:59Z")).toBe("2026-02-01T03:00:00.000Z");
    expect(startOfMonth("2019-07-20T12:00:00Z")).toBe("2019-07-01T03:00:00.000Z");
  });

  it("starts a month at 02:00 UTC in the summer-time years, as the clocks then read", () => {
    // Summer time (UTC-2) from 4 November 2018 to 17 February 2019.
    expect(startOfMonth("2018-01-15T12:00:00Z")).toBe("2018-01-01T02:00:00.000Z");
    expect(startOfMonth("2018-12-15T12:00:00Z")).toBe("2018-12-01T02:00:00.000Z");
    expect(startOfMonth("2019-02-28T12:00:00Z")).toBe("2019-02-01T02:00:00.000Z");
    // 1 November 2018 was before the change; the 15th after it.
    expect(startOfMonth("2018-11-15T12:00:00Z")).toBe("2018-11-01T03:00:00.000Z");
  });

  it("starts a month whose first midnight never happened at the first moment of that day", () => {
    // Summer time began at 00:00 on 1 December 1950: the clocks went from 23:59:59 to 01:00.
    expect(startOfMonth("1950-12-15T12:00:00Z")).toBe("1950-12-01T03:00:00.000Z");
    expect(inSaoPaulo(new Date("1950-12-01T03:00:00Z")).getHours()).toBe(1);
    // It ended at 00:00 on 1 March 1966, when the clocks went back to 23:00 of 28 February.
    expect(startOfMonth("1966-03-15T12:00:00Z")).toBe("1966-03-01T03:00:00.000Z");
    expect(startOfMonth("1966-02-15T12:00:00Z")).toBe("1966-02-01T02:00:00.000Z");
  });

  it("crosses the year in São Paulo three hours after UTC", () => {
    expect(startOfMonth("2026-01-01T02:59:59Z")).toBe("2025-12-01T03:00:00.000Z");
    expect(startOfMonth("2026-01-01T03:00:00Z")).toBe("2026-01-01T03:00:00.000Z");
    expect(yearInSaoPaulo(new Date("2026-01-01T02:59:59Z"))).toBe(2025);
    expect(yearInSaoPaulo("2026-01-01T03:00:00Z")).toBe(2026);
    // New Year's Eve 2018 was in summer time: the year turned at 02:00 UTC.
    expect(yearInSaoPaulo("2019-01-01T01:59:59Z")).toBe(2018);
    expect(yearInSaoPaulo("2019-01-01T02:00:00Z")).toBe(2019);
  });

  it("names the calendar day, and the days around it", () => {
    expect(todayInSaoPaulo(new Date("2026-01-01T02:00:00Z"))).toBe("2025-12-31");
    expect(dayInSaoPaulo("2026-01-01T03:00:00Z")).toBe("2026-01-01");
    expect(dayInSaoPaulo("2026-03-01T12:00:00Z", -1)).toBe("2026-02-28");
    expect(dayInSaoPaulo("2024-02-28T12:00:00Z", 1)).toBe("2024-02-29");
    expect(dayInSaoPaulo("2025-12-31T12:00:00Z", 1)).toBe("2026-01-01");
    // The day after a summer-time change is still one calendar day later.
    expect(dayInSaoPaulo("2018-11-03T12:00:00Z", 1)).toBe("2018-11-04");
  });

  it("starts the 30 days of 'Novos Usuários (30d)' at midnight São Paulo time, 29 days before today", () => {
    // 23:00 on 9 March in São Paulo: today is the 9th.
    expect(startOfDayInSaoPaulo(new Date("2026-03-10T02:00:00Z")).toISOString()).toBe("2026-03-09T03:00:00.000Z");
    expect(startOfDayInSaoPaulo(new Date("2026-03-10T02:00:00Z"), -29).toISOString()).toBe("2026-02-08T03:00:00.000Z");
    expect(startOfDayInSaoPaulo(new Date("2026-03-10T12:00:00Z"), -29).toISOString()).toBe("2026-02-09T03:00:00.000Z");
  });
});

describe("datetime-local on São Paulo's wall clock", () => {
  it("reads a wall-clock time as the instant it names in São Paulo, and back", () => {
    expect(instantFromSaoPauloWallClock("2026-03-12T14:30")?.toISOString()).toBe("2026-03-12T17:30:00.000Z");
    expect(saoPauloWallClock("2026-03-12T17:30:00.000Z")).toBe("2026-03-12T14:30");
    // Summer time of 2018: two hours from UTC.
    expect(instantFromSaoPauloWallClock("2018-12-01T10:00")?.toISOString()).toBe("2018-12-01T12:00:00.000Z");
    expect(saoPauloWallClock("2026-01-01T02:59:00Z")).toBe("2025-12-31T23:59");
  });

  it("refuses what is not a real wall-clock time", () => {
    for (const bad of ["", "2026-02-30T10:00", "2026-13-01T10:00", "2026-03-12T24:00", "amanhã", "2026-03-12"]) {
      expect(instantFromSaoPauloWallClock(bad)).toBeNull();
    }
    expect(saoPauloWallClock("nope")).toBe("");
  });
});
