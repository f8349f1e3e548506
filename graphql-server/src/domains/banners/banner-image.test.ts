import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { AppError } from "../../lib/errors.js";
import { bannerFrame, toBannerWebp } from "./banner-image.js";

const picture = (width: number, height: number, orientation?: number) => {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 217, g: 169, b: 63 } } });
  return (orientation ? image.withMetadata({ orientation }) : image).jpeg().toBuffer();
};

describe("banner images", () => {
  it("chooses the largest exact 16:9 frame inside the picture and inside 2560x1440", () => {
    expect(bannerFrame(4000, 1000)).toEqual({ width: 1776, height: 999 });
    expect(bannerFrame(1000, 4000)).toEqual({ width: 992, height: 558 });
    expect(bannerFrame(6000, 4000)).toEqual({ width: 2560, height: 1440 });
    expect(bannerFrame(2560, 1440)).toEqual({ width: 2560, height: 1440 });
    expect(bannerFrame(1921, 1081)).toEqual({ width: 1920, height: 1080 });
  });

  it("crops a tall photo to 16:9 WebP without enlarging it, following its EXIF orientation", async () => {
    const out = await toBannerWebp(await picture(900, 2000));
    expect(await sharp(out.bytes).metadata()).toMatchObject({ format: "webp", width: 896, height: 504 });
    // Stored 2000x900 but turned a quarter (orientation 6): shown 900x2000.
    const turned = await toBannerWebp(await picture(2000, 900, 6));
    expect(await sharp(turned.bytes).metadata()).toMatchObject({ width: 896, height: 504 });
  });

  it("refuses pictures too small for a banner, and bytes that are no image", async () => {
    await expect(toBannerWebp(await picture(319, 500))).rejects.toMatchObject({ code: "VALIDATION" });
    await expect(toBannerWebp(Buffer.from("GIF89a não é imagem"))).rejects.toBeInstanceOf(AppError);
  });
});
