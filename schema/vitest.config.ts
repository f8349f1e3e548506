import { defineConfig } from "vitest/config";
import { SummaryReporter } from "../scripts/vitest-summary-reporter.js";

export default defineConfig({
  test: {
    // The repository's own scripts (the test summary) are tested here: the schema run needs no database.
    include: ["src/**/*.test.ts", "../scripts/**/*.test.ts"],
    reporters: ["default", new SummaryReporter("schema")],
  },
});
