import type { ApolloClient } from "@apollo/client";
import { PushPublicKeyDocument, SubscribePushDocument, UnsubscribePushDocument } from "./documents";

/**
 * Where push stands in this browser: `unsupported` (no service worker, no PushManager — iOS outside a
 * home-screen app), `denied` (she blocked notifications), `unavailable` (the server sends none),
 * `off`, `on`.
 */
export type PushState = "unsupported" | "denied" | "unavailable" | "off" | "on";

export function pushSupported(win: Window = window): boolean {
  return "serviceWorker" in win.navigator && "PushManager" in win && "Notification" in win;
}

/** The VAPID key (base64url) as PushManager wants it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(subscription: PushSubscription, key: Uint8Array): boolean {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
}

/** The service worker's registration; registers /sw.js when the page has none yet (development). */
async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration("/");
  if (!existing) await navigator.serviceWorker.register("/sw.js", { scope: "/" });
  return navigator.serviceWorker.ready;
}

/** Her browser's state, without asking her anything. */
export async function pushState(): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  if (Notification.permission !== "granted") return "off";
  const existing = await navigator.serviceWorker.getRegistration("/");
  const subscription = await existing?.pushManager.getSubscription();
  return subscription ? "on" : "off";
}

/**
 * Turns push on for this browser. Call it ONLY from her tap (a button): the browser's permission
 * question is asked first, before anything else is awaited, so Safari still sees her gesture.
 * Subscribes with the server's key (again when the key changed) and stores the subscription.
 */
export async function enablePush(client: ApolloClient): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const permission = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "off";
  const { data } = await client.query({ query: PushPublicKeyDocument, fetchPolicy: "network-only" });
  const server = data?.pushPublicKey;
  if (!server?.enabled || !server.publicKey) return "unavailable";
  const key = keyBytes(server.publicKey);
  const worker = await registration();
  let subscription = await worker.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  const json = subscription.toJSON();
  const { data: saved } = await client.mutate({
    mutation: SubscribePushDocument,
    variables: { input: { endpoint: subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } } },
  });
  if (saved?.subscribePush.__typename !== "PushSubscriptionPayload") throw new Error("subscription not stored");
  return "on";
}

/** Turns push off for this browser: the server forgets the subscription and the browser drops it. */
export async function disablePush(client: ApolloClient): Promise<PushState> {
  if (!pushSupported()) return "unsupported";
  const existing = await navigator.serviceWorker.getRegistration("/");
  const subscription = await existing?.pushManager.getSubscription();
  if (subscription) {
    await client.mutate({ mutation: UnsubscribePushDocument, variables: { endpoint: subscription.endpoint } });
    await subscription.unsubscribe();
  }
  return "off";
}
