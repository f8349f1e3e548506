import type sharpModule from "sharp";

let loaded: Promise<typeof sharpModule> | undefined;

/**
 * sharp (libvips), loaded on the first image it is asked for: about 20 MB of RSS a server that never
 * receives an upload does not hold (issue 25). Its operation cache is off: uploads are each a new
 * picture, so the cache (up to 50 MB by default) would only keep memory after the work is done.
 */
export function loadSharp(): Promise<typeof sharpModule> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}
