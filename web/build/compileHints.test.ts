// @vitest-environment node
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { Rolldown } from "vite";
import { describe, expect, it } from "vitest";
import { COMPILE_HINT, compileHints } from "./compileHints";

type Bundle = Record<string, Partial<Rolldown.OutputChunk> | Partial<Rolldown.OutputAsset>>;

const chunk = (fileName: string, code: string, imports: string[] = [], isEntry = false) => ({
  type: "chunk" as const,
  fileName,
  code,
  imports,
  isEntry,
  map: null,
});
const asset = (fileName: string, source: string | Uint8Array) => ({ type: "asset" as const, fileName, source });

/** A build's output as Vite hands it over: an entry, the vendor chunk it imports, a page loaded when opened. */
function bundleOf(): Bundle {
  const entry = 'const __vite__mapDeps=()=>[];import"./react-1.js";import("./Profile-1.js");';
  const vendor = "export function render(){return 1}";
  const page = "export const Profile=()=>null;";
  return {
    "assets/index-1.js": chunk("assets/index-1.js", entry, ["assets/react-1.js"], true),
    "assets/index-1.js.br": asset("assets/index-1.js.br", brotliCompressSync(entry)),
    "assets/index-1.js.gz": asset("assets/index-1.js.gz", gzipSync(entry)),
    "assets/index-1.js.map": asset("assets/index-1.js.map", JSON.stringify({ version: 3, sources: ["../src/main.tsx"], mappings: "AAAA,CAAC" })),
    "assets/react-1.js": chunk("assets/react-1.js", vendor),
    "assets/react-1.js.br": asset("assets/react-1.js.br", brotliCompressSync(vendor)),
    "assets/Profile-1.js": chunk("assets/Profile-1.js", page),
    "assets/Profile-1.js.br": asset("assets/Profile-1.js.br", brotliCompressSync(page)),
  };
}

function run(bundle: Bundle) {
  const hook = compileHints().generateBundle as { handler: (this: unknown, options: unknown, bundle: Bundle) => void };
  hook.handler.call({}, {}, bundle);
}

const textOf = (bundle: Bundle, file: string) => {
  const item = bundle[file];
  return item.type === "chunk" ? item.code! : Buffer.from((item as Rolldown.OutputAsset).source).toString();
};

describe("compile hints on the first load's chunks", () => {
  it("opens the entry and its static imports with V8's hint, and leaves pages loaded later alone", () => {
    const bundle = bundleOf();
    run(bundle);
    expect(textOf(bundle, "assets/index-1.js")).toBe(`${COMPILE_HINT}const __vite__mapDeps=()=>[];import"./react-1.js";import("./Profile-1.js");`);
    expect(textOf(bundle, "assets/react-1.js").startsWith(COMPILE_HINT)).toBe(true);
    expect(textOf(bundle, "assets/Profile-1.js")).toBe("export const Profile=()=>null;");
  });

  it("sends the same marked code compressed, and keeps the source map on its lines", () => {
    const bundle = bundleOf();
    run(bundle);
    const entry = textOf(bundle, "assets/index-1.js");
    const source = (file: string) => (bundle[file] as Rolldown.OutputAsset).source as Uint8Array;
    expect(brotliDecompressSync(source("assets/index-1.js.br")).toString()).toBe(entry);
    expect(gunzipSync(source("assets/index-1.js.gz")).toString()).toBe(entry);
    expect(brotliDecompressSync(source("assets/react-1.js.br")).toString()).toBe(textOf(bundle, "assets/react-1.js"));
    expect(brotliDecompressSync(source("assets/Profile-1.js.br")).toString()).toBe("export const Profile=()=>null;");
    // The code moved down one line: so do its mappings (an empty first line).
    expect(JSON.parse(textOf(bundle, "assets/index-1.js.map")).mappings).toBe(";AAAA,CAAC");
  });

  it("marks a chunk once, however often it runs", () => {
    const bundle = bundleOf();
    run(bundle);
    run(bundle);
    expect(textOf(bundle, "assets/index-1.js").split(COMPILE_HINT)).toHaveLength(2);
  });
});
