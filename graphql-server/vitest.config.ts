import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";
import { SummaryReporter } from "../scripts/vitest-summary-reporter.js";

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // Node loads graphql's CommonJS entry for every package (it has no "exports" map); Vite would
    // pick index.mjs for our own files. One copy only, or schemas from the two would not mix.
    alias: [{ find: /^graphql$/, replacement: require.resolve("graphql") }],
  },
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    reporters: ["default", new SummaryReporter("server")],
  },
});
