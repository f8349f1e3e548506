import { join } from "node:path";
import { fileURLToPath } from "node:url";

// This file (graphql-server/src) and the compiled server (graphql-server/dist/main.js, one bundle
// whose every import.meta.url is its own) sit at the same depth, so one relative URL serves both.
const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

/** A path inside the repository: the built web app, the migrations. */
export const repoPath = (...parts: string[]) => join(REPO_ROOT, ...parts);
