import { createRequire } from "node:module";
import { defineConfig } from "vitest/config";
import { SummaryReporter } from "../scripts/vitest-summary-reporter.js";
import react from "@vitejs/plugin-react";

const require = createRequire(import.meta.url);

export default defineConfig({
  plugins: [react()],
  resolve: {
    // react-router-dom's CommonJS entry require()s react-router's ES module (the "module-sync" export
    // Node 20.19+ picks). When that require meets an import() of the same module still in flight,
    // Node's loader throws "Cannot read properties of undefined (reading 'getStatus')" and the whole
    // test file fails to load (seen on CI). Its ES module entry imports only.
    alias: [{ find: /^react-router-dom$/, replacement: require.resolve("react-router-dom").replace(/\.js$/, ".mjs") }],
  },
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}", "build/**/*.test.ts"],
    restoreMocks: true,
    // jsdom + user-event run slowly on a busy 2-core machine; a slow test is not a failing one.
    testTimeout: 20_000,
    reporters: ["default", new SummaryReporter("web")],
  },
});
