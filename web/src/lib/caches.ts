import { PRODUCT_NAME } from "@clube-coroa/schema";

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, "");

/** Deletes browser caches left by earlier builds: names holding the product name or 'vite' (spec part 2). */
export async function deleteStaleCaches(): Promise<void> {
  if (typeof window === "undefined" || !("caches" in window)) return;
  try {
    const product = squash(PRODUCT_NAME);
    const names = await window.caches.keys();
    await Promise.all(
      names
        .filter((name) => squash(name).includes(product) || name.toLowerCase().includes("vite"))
        .map((name) => window.caches.delete(name)),
    );
  } catch {
    // Storage access can be refused (private mode); nothing to clean then.
  }
}
