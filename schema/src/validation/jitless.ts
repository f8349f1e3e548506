import { config } from "zod";

// In the browser the page's Content-Security-Policy has no 'unsafe-eval': zod would otherwise probe
// `new Function` as each object schema is built (to compile its parser), and the browser reports the
// refused eval as a CSP issue (Lighthouse's best practices count it). The server keeps the compiled
// parsers. Imported first by index.ts, so it runs before any schema is built.
if ("document" in globalThis) config({ jitless: true });
