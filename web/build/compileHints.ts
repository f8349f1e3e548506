import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Plugin, Rolldown } from "vite";
import { initialChunks } from "./initialLoadBudget";

/** V8's explicit compile hint (Chrome 136 and later): compile every function of this file eagerly. */
export const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";

/** The precompressed copies the compression plugin wrote beside a chunk, and how each is made. */
const COMPRESSED: [suffix: string, compress: (code: string) => Uint8Array][] = [
  [".br", (code) => brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } })],
  [".gz", (code) => gzipSync(code, { level: 9 })],
];

/**
 * Marks the first load's chunks (the entry and its static imports: React, Apollo, styled-components,
 * the app's frame) for eager compilation. Most of their functions run while `/` starts, and V8
 * otherwise compiles each one on the main thread at its first call, inside the start's tasks, which
 * Lighthouse counts as blocking (issue 14). Marked, they are compiled on a background thread while
 * the file streams in. Browsers without the hint read a comment.
 *
 * The hint must open the file, so this runs after Vite has put the preload list
 * (`__vite__mapDeps`) atop the entry, which is also when the compression plugin has already written
 * the `.br` and `.gz` copies: those are made again from the marked code. Each chunk's source map
 * moves down one line with its code.
 */
export function compileHints(): Plugin {
  return {
    name: "compile-hints",
    apply: "build",
    enforce: "post",
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        for (const chunk of initialChunks(bundle)) {
          if (chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = COMPILE_HINT + chunk.code;
          if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
          const mapFile = bundle[`${chunk.fileName}.map`];
          if (mapFile?.type === "asset" && typeof mapFile.source === "string") {
            const map = JSON.parse(mapFile.source) as { mappings: string };
            map.mappings = `;${map.mappings}`;
            mapFile.source = JSON.stringify(map);
          }
          for (const [suffix, compress] of COMPRESSED) {
            const copy: Rolldown.OutputAsset | Rolldown.OutputChunk | undefined = bundle[chunk.fileName + suffix];
            if (copy?.type === "asset") copy.source = compress(chunk.code);
          }
        }
      },
    },
  };
}
