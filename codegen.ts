import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "schema/schema.graphql",
  documents: ["web/src/**/*.{ts,tsx}", "!web/src/gql/**/*"],
  ignoreNoDocuments: false,
  generates: {
    "web/src/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      config: { useTypeImports: true, enumType: "string-literal" },
    },
  },
};

export default config;
