import { timingSafeEqual } from "node:crypto";
import { randomToken } from "../../lib/crypto.js";
import { AppError } from "../../lib/errors.js";
import { loadSharp } from "../../lib/images.js";

/** Upload limit for profile photos and banners (spec: 'A imagem deve ter no máximo 5 MB'). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
// Decompression-bomb guard: a 5 MB file may still declare a huge canvas.
export const MAX_INPUT_PIXELS = 50_000_000;

export type ImageKind = "photo" | "banner";
export type SniffedType = "image/jpeg" | "image/png" | "image/webp" | "image/gif";

/** The image type told by the file's first bytes; the name and declared type are never trusted. */
export function sniffImageType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "image/png";
  if (bytes.length >= 12 && bytes.toString("latin1", 0, 4) === "RIFF" && bytes.toString("latin1", 8, 12) === "WEBP") return "image/webp";
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(bytes.toString("latin1", 0, 6))) return "image/gif";
  return null;
}

/**
 * Checks size and type, then re-encodes to WebP (which also drops EXIF data such as GPS position):
 * a photo becomes a 512x512 square, a banner fits inside 2560x1440 without being enlarged.
 */
export async function toWebp(bytes: Buffer, kind: ImageKind): Promise<Buffer> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError("IMAGE_TOO_LARGE");
  if (!sniffImageType(bytes)) throw new AppError("IMAGE_TYPE");
  const sharp = await loadSharp();
  try {
    const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    const resized =
      kind === "photo"
        ? image.resize(512, 512, { fit: "cover", position: "attention" })
        : image.resize(2560, 1440, { fit: "inside", withoutEnlargement: true });
    return await resized.webp({ quality: 82 }).toBuffer();
  } catch {
    // Right magic number but not a decodable image (or an absurd canvas).
    throw new AppError("IMAGE_TYPE");
  }
}

/**
 * A new address for a member's photo or banner: her path and a random version (`?v=`, 128 bits), new
 * at every upload. The version is what lets a visitor without a session fetch the photo, so it is
 * never a time or a counter that could be guessed from her id.
 */
export const newImageAddress = (userId: number, kind: ImageKind) => `/api/users/${userId}/${kind}?v=${randomToken(16)}`;

/** Versions made by `newImageAddress` (older addresses carried the upload's time in milliseconds). */
const UNGUESSABLE_VERSION = /^[\w-]{22}$/;

/**
 * Whether `asked` is the version of the stored address `stored` and that version is unguessable:
 * only then does the address stand for the photo on its own, without a session.
 */
export function isCurrentVersion(stored: string | null, asked: string | undefined): boolean {
  if (!stored || !asked || !UNGUESSABLE_VERSION.test(asked)) return false;
  const version = new URLSearchParams(stored.split("?")[1] ?? "").get("v") ?? "";
  return version.length === asked.length && timingSafeEqual(Buffer.from(version), Buffer.from(asked));
}
