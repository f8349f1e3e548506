import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";

const VIRTUAL = "virtual:graphql-document/";

/**
 * The client preset's `graphql()` looks each document up in one map of every operation
 * (web/src/gql/gql.ts), so every query, mutation and fragment of the app lands in the first chunk.
 * At build time this replaces each `graphql(`…`)` call with the document codegen generated for it.
 * A top-level `export const X = graphql(...)` becomes an import of a module of its own, so each
 * document travels in the chunk of the code that uses it, not with the file that declares it (a
 * module is never split between chunks). Dev and tests keep the runtime lookup; both give the same
 * objects (the generated ones).
 */
export function inlineGraphqlDocuments(gqlDir: string): Plugin {
  let documents: Map<string, { name: string; body: string }> | null = null;
  const load = () => {
    const generated = readFileSync(join(gqlDir, "graphql.ts"), "utf8");
    const bodies = new Map<string, string>();
    for (const match of generated.matchAll(/^export const (\w+) = (\{.*\}) as unknown as DocumentNode<.*>;$/gm)) {
      bodies.set(match[1], match[2]);
    }
    const map = readFileSync(join(gqlDir, "gql.ts"), "utf8");
    const start = map.indexOf("const documents: Documents = {");
    const end = map.indexOf("\n};", start);
    if (start < 0 || end < 0) throw new Error("inlineGraphqlDocuments: the documents map was not found in gql.ts");
    const bySource = new Map<string, { name: string; body: string }>();
    for (const match of map.slice(start, end).matchAll(/^ {4}("(?:[^"\\]|\\.)*"): types\.(\w+),$/gm)) {
      const body = bodies.get(match[2]);
      if (!body) throw new Error(`inlineGraphqlDocuments: ${match[2]} is not in graphql.ts`);
      bySource.set(JSON.parse(match[1]) as string, { name: match[2], body });
    }
    if (bySource.size === 0) throw new Error("inlineGraphqlDocuments: no documents found in gql.ts");
    return bySource;
  };
  return {
    name: "inline-graphql-documents",
    apply: "build",
    enforce: "pre",
    buildStart() {
      documents = load();
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const name = id.slice(VIRTUAL.length + 1);
      const found = [...(documents?.values() ?? [])].find((document) => document.name === name);
      if (!found) throw new Error(`inlineGraphqlDocuments: unknown document ${id}`);
      return `export default ${found.body};`;
    },
    transform(code, id) {
      if (id.includes("/node_modules/") || id.startsWith(gqlDir) || !/\.tsx?$/.test(id)) return null;
      const importPattern = /^import \{ graphql \} from "[./]*\/gql";\n/m;
      if (!importPattern.test(code)) return null;
      const lookup = (source: string) => {
        if (source.includes("${") || source.includes("\\")) {
          throw new Error(`inlineGraphqlDocuments: ${id}: a document must be a plain template literal`);
        }
        const found = documents?.get(source);
        if (!found) throw new Error(`inlineGraphqlDocuments: ${id}: a document is not in web/src/gql (run npm run codegen)`);
        return found;
      };
      const hoisted: string[] = [];
      const out = code
        .replace(/^export const (\w+) = graphql\(`([^`]*)`\);$/gm, (_statement, name: string, source: string) => {
          hoisted.push(`import ${name} from ${JSON.stringify(VIRTUAL + lookup(source).name)};\nexport { ${name} };`);
          return "";
        })
        .replace(/\bgraphql\(`([^`]*)`\)/g, (_call, source: string) => lookup(source).body);
      if (/\bgraphql\(/.test(out.replace(importPattern, ""))) {
        throw new Error(`inlineGraphqlDocuments: ${id}: a graphql() call could not be inlined`);
      }
      return { code: `${hoisted.join("\n")}\n${out.replace(importPattern, "")}`, map: null };
    },
  };
}
