import { LIMITS } from "@clube-coroa/schema";

/** Grey at 0 likes and red at 20 (and beyond); both ends and every step keep 4.5:1 on white. */
const GREY = [0x6b, 0x63, 0x69];
const RED = [0xc6, 0x28, 0x28];
/** The liked state: rose (the heart is also filled, so colour never carries it alone). */
export const LIKED_COLOUR = "#c2185b";

export function likeColour(likes: number, isLiked: boolean): string {
  if (isLiked) return LIKED_COLOUR;
  const t = Math.min(Math.max(likes, 0), LIMITS.likeColourSaturation) / LIMITS.likeColourSaturation;
  const channel = (i: number) => Math.round(GREY[i] + (RED[i] - GREY[i]) * t).toString(16).padStart(2, "0");
  return `#${channel(0)}${channel(1)}${channel(2)}`;
}
