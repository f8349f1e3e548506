// The layering of docs/architecture.md, checked by `npm run lint` (dependency-cruiser).
const SERVER = "^graphql-server/src/";
// Test files may start the whole app (test/harness.ts); the rules are about the product's code.
const TESTS = "\\.test\\.tsx?$";
// The doors onto the services: REST (and its sockets), the GraphQL types and fields (and any
// GraphQL plumbing kept in graphql/), the schema that gathers them, the Pothos builder, and the app
// that wires them.
const DOORS = `${SERVER}(rest/|graphql/|app\\.ts$|schema\\.ts$|builder\\.ts$)|\\.graphql\\.ts$`;
// The web client's features (docs/architecture.md, "The web client").
const FEATURES = "^web/src/features/";
// The libraries the doors are built with: a domain that needs one has become a door.
const DOOR_LIBRARIES = "^node_modules/(express|@apollo|@as-integrations|@pothos|graphql|graphql-ws|ws)/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "web-not-server",
      comment: "The web client talks to the server over GraphQL only; it shares code through schema/ alone.",
      severity: "error",
      from: { path: "^web/" },
      to: { path: "^graphql-server/|@clube-coroa/graphql-server|^prisma/" },
    },
    {
      name: "schema-imports-neither-side",
      comment: "schema/ is the contract both sides import: it imports neither of them.",
      severity: "error",
      from: { path: "^schema/" },
      to: { path: "^(graphql-server|web)/|@clube-coroa/(graphql-server|web)" },
    },
    {
      name: "lib-and-providers-no-domain",
      comment:
        "lib/ (shared infrastructure) and providers/ (outside services) sit below the domains: they import no domain, " +
        "nor services.ts, which gathers them all. A type they need is declared beside them and the domain uses it.",
      severity: "error",
      from: { path: `${SERVER}(lib|providers)/`, pathNot: TESTS },
      to: { path: `${SERVER}(domains/|services\\.ts$)` },
    },
    {
      name: "domain-no-door",
      comment:
        "Domain services hold the rules and know nothing of the doors that call them: no REST, no GraphQL file, " +
        "no schema, builder or app, no GraphQL context (context.ts), and none of the libraries doors are made of.",
      severity: "error",
      from: { path: `${SERVER}domains/`, pathNot: `${TESTS}|\\.graphql\\.ts$` },
      to: { path: `${DOORS}|${SERVER}context\\.ts$|${DOOR_LIBRARIES}` },
    },
    {
      name: "domain-reaches-no-door",
      comment: "Nor through another file: a domain that reaches the GraphQL context or a door by way of a helper still depends on it.",
      severity: "error",
      from: { path: `${SERVER}domains/`, pathNot: `${TESTS}|\\.graphql\\.ts$` },
      to: { path: `${DOORS}|${SERVER}context\\.ts$`, reachable: true },
    },
    {
      name: "rest-no-prisma-client",
      comment: "The REST door reaches the data through the services only, never through Prisma's generated client.",
      severity: "error",
      from: { path: `${SERVER}rest/`, pathNot: TESTS },
      to: { path: `${SERVER}generated/prisma/` },
    },
    {
      name: "rest-no-provider",
      comment:
        "The REST door calls services only; an outside service (WhatsApp, storage, CEP, AI) is reached through the " +
        "service that owns it, so both doors behave alike.",
      severity: "error",
      from: { path: `${SERVER}rest/`, pathNot: TESTS },
      to: { path: `${SERVER}providers/` },
    },
    {
      name: "feature-through-its-index",
      comment:
        "A web feature uses another only through that feature's public face, web/src/features/<name>/index.ts " +
        "(tests included): what two features share moves down to components/ or lib/, or they are composed in app/.",
      severity: "error",
      from: { path: `${FEATURES}([^/]+)/` },
      to: { path: FEATURES, pathNot: [`${FEATURES}$1/`, `${FEATURES}[^/]+/index\\.ts$`] },
    },
    {
      name: "feature-not-app",
      comment: "app/ composes the features (routes, shell, lazy pages): a feature never imports it back.",
      severity: "error",
      from: { path: FEATURES },
      to: { path: "^web/src/app/" },
    },
    {
      name: "web-shared-below-features",
      comment: "components/ and lib/ sit below the features and app/: what they hold is shared, so they import neither.",
      severity: "error",
      from: { path: "^web/src/(components|lib)/" },
      to: { path: `${FEATURES}|^web/src/app/` },
    },
    {
      name: "no-circular",
      comment: "No module reaches itself through its imports: a cycle makes the load order (and a refactoring) fragile.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "not-to-unresolvable",
      comment: "An import that resolves to nothing would hide a dependency from the rules above.",
      severity: "error",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: ["node_modules", "^graphql-server/src/generated/"] },
    exclude: { path: "^web/(dist|src/gql)/" },
    // Type-only imports couple the layers too (a payload type taken from a service).
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "graphql-server/tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".d.ts"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
