import webpush from "web-push";
import { describe, expect, it } from "vitest";
import { checkVapid } from "../../../test/fake-push.js";
import { WebPushSender } from "./webpush.js";

const VAPID = webpush.generateVAPIDKeys();
const HOUR = 3_600_000;

describe("the VAPID header of the real sender", () => {
  it("signs one JWT per push service and reuses it until an hour before it ends", () => {
    let now = Date.parse("2026-11-28T12:00:00Z");
    const sender = new WebPushSender({ ...VAPID, subject: "mailto:contato@clubecoroa.com.br" }, () => now);
    const fcm = sender.authorizationFor("https://fcm.googleapis.com/fcm/send/abc");
    expect(checkVapid(fcm, "https://fcm.googleapis.com", VAPID.publicKey, now)).toBeNull();
    // Another device at the same service: the same header, not a new signature.
    expect(sender.authorizationFor("https://fcm.googleapis.com/fcm/send/xyz")).toBe(fcm);
    // Another service: its own audience.
    const mozilla = sender.authorizationFor("https://updates.push.services.mozilla.com/wpush/v2/def");
    expect(mozilla).not.toBe(fcm);
    expect(checkVapid(mozilla, "https://updates.push.services.mozilla.com", VAPID.publicKey, now)).toBeNull();
    expect(checkVapid(fcm, "https://updates.push.services.mozilla.com", VAPID.publicKey, now)).not.toBeNull();

    now += 10 * HOUR;
    expect(sender.authorizationFor("https://fcm.googleapis.com/fcm/send/abc")).toBe(fcm);
    now += 1 * HOUR + 1000;
    const renewed = sender.authorizationFor("https://fcm.googleapis.com/fcm/send/abc");
    expect(renewed).not.toBe(fcm);
    expect(checkVapid(renewed, "https://fcm.googleapis.com", VAPID.publicKey, now + 11 * HOUR)).toBeNull();
  });
});
