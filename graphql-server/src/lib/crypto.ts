import { createHash, randomBytes, randomInt, timingSafeEqual } from "node:crypto";

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

export const randomToken = (bytes = 32) => randomBytes(bytes).toString("base64url");

/** Six digits from the CSPRNG, leading zeros kept. */
export const randomDigits = (length: number) =>
  Array.from({ length }, () => randomInt(0, 10)).join("");

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, "hex");
  const right = Buffer.from(b, "hex");
  return left.length === right.length && timingSafeEqual(left, right);
}
