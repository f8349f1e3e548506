import { STORAGE_KEYS } from "../../lib/storage";

/**
 * Whether the invitation may be shown after her message: this browser can receive pushes, she has
 * not answered the browser's question yet and has not said 'Agora não'.
 */
export function shouldInvitePush(win: Window = window): boolean {
  try {
    if (!("serviceWorker" in win.navigator) || !("PushManager" in win) || !("Notification" in win)) return false;
    return (win as Window & { Notification: typeof Notification }).Notification.permission === "default" && win.localStorage.getItem(STORAGE_KEYS.pushInviteDismissed) === null;
  } catch {
    return false;
  }
}

export function dismissPushInvite(win: Window = window): void {
  try {
    win.localStorage.setItem(STORAGE_KEYS.pushInviteDismissed, String(Date.now()));
  } catch {
    // private mode: shown again next time
  }
}
