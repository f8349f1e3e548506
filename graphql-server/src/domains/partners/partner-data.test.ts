import { describe, expect, it } from "vitest";
import { suppressGroups, UNKNOWN_GROUP } from "./partner-data.service.js";

describe("suppressGroups", () => {
  it("lists every known value, then other stored values and the members without one, hiding groups under 5 (and the smallest other while the hidden add up to under 5)", () => {
    const groups = suppressGroups(["a", "b", "c"], new Map([["a", 12], ["b", 3], ["zeta", 7], [UNKNOWN_GROUP, 5]]));
    expect(groups).toEqual([
      { key: "a", count: 12 },
      { key: "b", count: null },
      { key: "c", count: null },
      { key: "zeta", count: 7 },
      { key: UNKNOWN_GROUP, count: null },
    ]);
  });

  it("hides the smallest shown group too when the hidden ones add up to fewer than 5", () => {
    expect(suppressGroups(["a", "b", "c"], new Map([["a", 40], ["b", 6], ["c", 2]]))).toEqual([
      { key: "a", count: 40 },
      { key: "b", count: null },
      { key: "c", count: null },
    ]);
  });

  it("shows every group of 5 or more when nothing small is hidden", () => {
    expect(suppressGroups(["a", "b"], new Map([["a", 5], ["b", 9]]))).toEqual([
      { key: "a", count: 5 },
      { key: "b", count: 9 },
    ]);
  });
});
