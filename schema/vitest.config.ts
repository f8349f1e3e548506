import { defineConfig } from "vitest/config";
import { SummaryReporter } from "../scripts/vitest-summary-reporter.js";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    reporters: ["default", new SummaryReporter("schema")],
  },
});
