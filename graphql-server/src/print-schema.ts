import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { printedSchema } from "./schema.js";

const target = fileURLToPath(new URL("../../schema/schema.graphql", import.meta.url));
writeFileSync(target, printedSchema());
console.log(`wrote ${target}`);
