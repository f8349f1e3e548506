// @vitest-environment node
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildSchema, isInterfaceType, isUnionType } from "graphql";
import { describe, expect, it } from "vitest";
import { possibleTypes } from "./possibleTypes";

describe("possibleTypes", () => {
  it("lists every union and interface of the schema with its members", () => {
    const sdl = readFileSync(fileURLToPath(new URL("../../../schema/schema.graphql", import.meta.url)), "utf8");
    const schema = buildSchema(sdl);
    const expected: Record<string, string[]> = {};
    for (const type of Object.values(schema.getTypeMap())) {
      if (type.name.startsWith("__")) continue;
      if (isUnionType(type) || isInterfaceType(type)) {
        expected[type.name] = schema.getPossibleTypes(type).map((t) => t.name).sort();
      }
    }
    const actual = Object.fromEntries(Object.entries(possibleTypes).map(([k, v]) => [k, [...v].sort()]));
    expect(actual).toEqual(expected);
  });
});
