import type { CodegenConfig } from "@graphql-codegen/cli";

const config: CodegenConfig = {
  schema: "schema/schema.graphql",
  documents: ["web/src/**/*.{ts,tsx}", "!web/src/gql/**/*"],
  ignoreNoDocuments: false,
  generates: {
    "web/src/gql/": {
      preset: "client",
      presetConfig: { fragmentMasking: false },
      // A GraphQL multipart request's file (apollo-upload-client extracts it from the variables).
      config: { useTypeImports: true, enumType: "string-literal", scalars: { Upload: "File" } },
    },
  },
};

export default config;
