import { defineConfig } from "vitest/config";
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
    reporters: process.env.CI_REPORT_DIR
      ? ["default", ["json", { outputFile: `${process.env.CI_REPORT_DIR}/${process.env.CI_REPORT_PREFIX ?? "run"}-web.json` }]]
      : ["default"],
  },
});
