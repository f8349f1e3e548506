import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "web/dist-ssr/**",
      "graphql-server/src/generated/**",
      "web/src/gql/**",
      "prisma/tool/**",
      "test-results/**",
      "playwright-report/**",
      ".data/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["**/*.test.ts", "**/test/**/*.ts", "bench/**/*.ts", "web/e2e/**/*.ts"],
    rules: { "@typescript-eslint/no-explicit-any": "off", "@typescript-eslint/no-non-null-assertion": "off" },
  },
  {
    // A refusal's text comes from the messages module (ERROR_MESSAGES by its code, or ERROR_TEXTS):
    // one entry per meaning, not a copy inline in each service.
    files: ["graphql-server/src/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "NewExpression[callee.name='AppError'] > :matches(Literal[value=/[a-zà-ú]/i], TemplateLiteral).arguments:nth-child(2)",
          message: "Take the refusal's text from @clube-coroa/schema's messages (ERROR_MESSAGES or ERROR_TEXTS).",
        },
      ],
    },
  },
  {
    files: ["web/src/**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { "react-hooks": reactHooks },
    rules: { "react-hooks/rules-of-hooks": "error", "react-hooks/exhaustive-deps": "warn" },
  },
  {
    files: ["web/public/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
);
