import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts"],
    reporters: process.env.CI_REPORT_DIR
      ? ["default", ["json", { outputFile: `${process.env.CI_REPORT_DIR}/${process.env.CI_REPORT_PREFIX ?? "run"}-schema.json` }]]
      : ["default"],
  },
});
