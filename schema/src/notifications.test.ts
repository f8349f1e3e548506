import { describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATION_CHANNELS, effectiveChannels, inQuietHours, isClockTime, NOTIFICATION_TYPES } from "./notifications.js";

describe("notification preferences", () => {
  it("fills every type and channel she did not choose with its default, and keeps what she chose", () => {
    const channels = effectiveChannels({ offer_liked: { push: true }, new_message: { whatsapp: false, inApp: "yes" }, bogus: { push: true } });
    expect(Object.keys(channels)).toEqual([...NOTIFICATION_TYPES]);
    expect(channels.offer_liked).toEqual({ ...DEFAULT_NOTIFICATION_CHANNELS.offer_liked, push: true });
    // A value that is not a boolean is not a choice: the default stands.
    expect(channels.new_message).toEqual({ inApp: true, push: true, whatsapp: false });
    expect(effectiveChannels(null)).toEqual(DEFAULT_NOTIFICATION_CHANNELS);
  });

  it("quiet hours may cross midnight, end exclusive; none when off or empty", () => {
    const night = { start: "22:00", end: "08:00" };
    expect(inQuietHours(night, 22 * 60)).toBe(true);
    expect(inQuietHours(night, 3 * 60)).toBe(true);
    expect(inQuietHours(night, 8 * 60)).toBe(false);
    expect(inQuietHours(night, 12 * 60)).toBe(false);
    const lunch = { start: "12:00", end: "13:30" };
    expect(inQuietHours(lunch, 12 * 60 + 45)).toBe(true);
    expect(inQuietHours(lunch, 13 * 60 + 30)).toBe(false);
    expect(inQuietHours(null, 23 * 60)).toBe(false);
    expect(inQuietHours({ start: "09:00", end: "09:00" }, 9 * 60)).toBe(false);
  });

  it("a clock time is HH:MM of a real day", () => {
    expect(["00:00", "23:59", "08:05"].every(isClockTime)).toBe(true);
    expect(["24:00", "8:00", "12:60", "", 1200, null].some(isClockTime)).toBe(false);
  });
});
