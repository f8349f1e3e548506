import { beforeEach, describe, expect, it } from "vitest";
import { STORAGE_KEYS } from "../../lib/storage";
import { dismissPushInvite, shouldInvitePush } from "./invite";

/** A window as far as the invitation looks at it. */
function fakeWindow(permission: NotificationPermission | null, push = true) {
  const store = new Map<string, string>();
  return {
    navigator: push ? { serviceWorker: {} } : {},
    ...(push ? { PushManager: class {} } : {}),
    ...(permission ? { Notification: { permission } } : {}),
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    },
  } as unknown as Window;
}

describe("the invitation to turn push on", () => {
  let win: Window;
  beforeEach(() => {
    win = fakeWindow("default");
  });

  it("is offered while she has not answered the browser's question", () => {
    expect(shouldInvitePush(win)).toBe(true);
  });

  it("is not offered again after 'Agora não'", () => {
    dismissPushInvite(win);
    expect(win.localStorage.getItem(STORAGE_KEYS.pushInviteDismissed)).not.toBeNull();
    expect(shouldInvitePush(win)).toBe(false);
  });

  it("is not offered once she granted or blocked notifications, nor where the browser has no push", () => {
    expect(shouldInvitePush(fakeWindow("granted"))).toBe(false);
    expect(shouldInvitePush(fakeWindow("denied"))).toBe(false);
    expect(shouldInvitePush(fakeWindow(null, false))).toBe(false);
  });
});
