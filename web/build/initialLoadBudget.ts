import { gzipSync } from "node:zlib";
import type { Plugin, Rolldown } from "vite";
import { isStartScript } from "./startAfterFirstPaint";

export interface InitialFile {
  file: string;
  raw: number;
  gzip: number;
}

/** The entry chunks and every chunk they import statically (Vite's modulepreload list), in that order. */
export function initialChunks(bundle: Rolldown.OutputBundle): Rolldown.OutputChunk[] {
  const chunks = new Map<string, Rolldown.OutputChunk>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (chunks.has(fileName) || chunk?.type !== "chunk") return;
    chunks.set(fileName, chunk);
    chunk.imports.forEach(visit);
  };
  for (const chunk of Object.values(bundle)) if (chunk.type === "chunk" && chunk.isEntry) visit(chunk.fileName);
  return [...chunks.values()];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;

/**
 * What the browser fetches before the first screen can run, as index.html loads it: the start script
 * (build/startAfterFirstPaint.ts), the entry chunk, every chunk it imports statically (Vite's
 * modulepreload list), and their CSS, as they are sent (after the compile hints). Prints each
 * file raw and gzipped and fails the build when the gzipped total exceeds the budget (issue 14:
 * 170 KB). Chunks reached only through `import()` are not counted: they load when used.
 */
export function initialLoadBudget(budgetKb: number, log: (line: string) => void = console.log): Plugin {
  let report: string[] = [];
  return {
    name: "initial-load-budget",
    apply: "build",
    enforce: "post",
    // After the other plugins' own post steps (the start script, the compile hints): what is sent.
    generateBundle: {
      order: "post",
      handler(_options, bundle) {
        const chunks = initialChunks(bundle);
        if (chunks.length === 0) this.error("initial-load-budget: no entry chunk");
        const files = new Map<string, string | Uint8Array>();
        for (const file of Object.values(bundle)) {
          if (file.type === "asset" && isStartScript(file.fileName)) files.set(file.fileName, file.source);
        }
        for (const chunk of chunks) {
          files.set(chunk.fileName, chunk.code);
          for (const css of chunk.viteMetadata?.importedCss ?? []) {
            const asset = bundle[css];
            if (asset?.type === "asset") files.set(css, asset.source);
          }
        }
        const rows: InitialFile[] = [...files].map(([file, source]) => ({
          file,
          raw: Buffer.byteLength(source),
          gzip: gzipSync(source, { level: 9 }).length,
        }));
        rows.sort((a, b) => b.gzip - a.gzip);
        const total = rows.reduce((sum, row) => ({ raw: sum.raw + row.raw, gzip: sum.gzip + row.gzip }), { raw: 0, gzip: 0 });
        const width = Math.max(...rows.map((row) => row.file.length), 5);
        report = [
          `Initial load of / (the start script, the entry, its static imports and their CSS), budget ${budgetKb} KB gzipped:`,
          ...rows.map((row) => `  ${row.file.padEnd(width)}  ${kb(row.raw).padStart(10)}  gzip ${kb(row.gzip).padStart(10)}`),
          `  ${"total".padEnd(width)}  ${kb(total.raw).padStart(10)}  gzip ${kb(total.gzip).padStart(10)}`,
        ];
        if (total.gzip > budgetKb * 1024) {
          report.forEach((line) => log(line));
          report = [];
          this.error(`initial-load-budget: the first load of / is ${kb(total.gzip)} gzipped, over the ${budgetKb} KB budget`);
        }
      },
    },
    closeBundle() {
      report.forEach((line) => log(line));
    },
  };
}
