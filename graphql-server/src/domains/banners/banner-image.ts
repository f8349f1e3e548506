import { ERROR_TEXTS } from "@clube-coroa/schema";
import { loadSharp } from "../../lib/images.js";
import { AppError } from "../../lib/errors.js";
import { MAX_IMAGE_BYTES, MAX_INPUT_PIXELS, sniffImageType } from "../users/profile-images.js";

/** The carousel's frame (spec part 2: 'ideal 16:9 ratio (2560x1440)'). */
export const BANNER_MAX = { width: 2560, height: 1440 } as const;
/** Below this a banner would be a blur on any screen. */
export const BANNER_MIN = { width: 320, height: 180 } as const;

/**
 * The largest exact 16:9 frame (16k x 9k) that fits inside the picture and inside 2560x1440: the
 * picture is cropped to it, never enlarged.
 */
export function bannerFrame(width: number, height: number) {
  const k = Math.min(BANNER_MAX.width / 16, Math.floor(width / 16), Math.floor(height / 9));
  return { width: 16 * k, height: 9 * k };
}

/**
 * Checks size and type, then crops the upload to 16:9 around what draws the eye (sharp's
 * 'attention' strategy), scales it down to at most 2560x1440 and re-encodes it to WebP (dropping
 * EXIF data such as GPS position).
 */
export async function toBannerWebp(bytes: Buffer): Promise<{ bytes: Buffer; width: number; height: number }> {
  if (bytes.length > MAX_IMAGE_BYTES) throw new AppError("IMAGE_TOO_LARGE");
  if (!sniffImageType(bytes)) throw new AppError("IMAGE_TYPE");
  const sharp = await loadSharp();
  let size: { width: number; height: number };
  try {
    const meta = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).metadata();
    if (!meta.width || !meta.height) throw new Error("no size");
    // EXIF orientations 5 to 8 turn the picture a quarter: its displayed width is its stored height.
    const turned = (meta.orientation ?? 1) >= 5;
    size = turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    throw new AppError("IMAGE_TYPE");
  }
  if (size.width < BANNER_MIN.width || size.height < BANNER_MIN.height) {
    throw new AppError("VALIDATION", ERROR_TEXTS.bannerTooSmall(BANNER_MIN.width, BANNER_MIN.height), {
      details: { fieldErrors: { image: ERROR_TEXTS.bannerTooSmall(BANNER_MIN.width, BANNER_MIN.height) } },
    });
  }
  const frame = bannerFrame(size.width, size.height);
  try {
    const out = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(frame.width, frame.height, { fit: "cover", position: "attention" })
      .webp({ quality: 82 })
      .toBuffer();
    return { bytes: out, ...frame };
  } catch {
    // Right magic number but not a decodable image.
    throw new AppError("IMAGE_TYPE");
  }
}
