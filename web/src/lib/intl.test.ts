import { describe, expect, it, vi } from "vitest";
import { formatCount, onFirstUse } from "./intl";

describe("pt-BR formatters made on first use", () => {
  it("writes whole numbers the Brazilian way", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(12345)).toBe("12.345");
    expect(formatCount(1234567)).toBe("1.234.567");
  });

  it("makes a formatter once, when it is first used, not when its module runs", () => {
    const make = vi.fn(() => new Intl.NumberFormat("pt-BR"));
    const formatter = onFirstUse(make);
    expect(make).not.toHaveBeenCalled();
    expect(formatter().format(1500)).toBe("1.500");
    expect(formatter()).toBe(formatter());
    expect(make).toHaveBeenCalledTimes(1);
  });
});
