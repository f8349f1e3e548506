// What the operator commands (`npm run backup`, `restore`, `storage:copy`) share: a refusal that ends
// the command with its reason, and the server's own settings read as the server reads them.
import { resolve } from "node:path";
import { ConfigError, loadConfig, type Config } from "../config.js";

/** Says why on stderr and ends the command with status 1. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The server's settings, or the command ends naming what is wrong with them. */
export function configOrFail(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
}

/**
 * The command's one argument, a file: relative to where the person ran npm (npm runs the script from
 * the repository). Anything else ends the command with `usage`.
 */
export function fileArgument(usage: string): string {
  const args = process.argv.slice(2).filter((arg) => arg !== "--");
  if (args.length !== 1 || args[0].startsWith("-")) fail(usage);
  return resolve(process.env.INIT_CWD ?? process.cwd(), args[0]);
}
