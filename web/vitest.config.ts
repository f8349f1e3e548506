import { defineConfig } from "vitest/config";
import { SummaryReporter } from "../scripts/vitest-summary-reporter.js";
import react from "@vitejs/plugin-react";

export default defineConfig({
  plugins: [react()],
  test: {
    environment: "jsdom",
    setupFiles: ["./src/test/setup.ts"],
    include: ["src/**/*.test.{ts,tsx}"],
    restoreMocks: true,
    // jsdom + user-event run slowly on a busy 2-core machine; a slow test is not a failing one.
    testTimeout: 20_000,
    reporters: ["default", new SummaryReporter("web")],
  },
});
