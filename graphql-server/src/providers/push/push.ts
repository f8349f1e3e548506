/** One device's subscription as the browser's PushManager gave it. */
export interface PushTarget {
  endpoint: string;
  /** The device's P-256 public key and auth secret, base64url. */
  p256dh: string;
  auth: string;
}

/** What the service worker shows: never a phone, never more than the notification centre shows. */
export interface PushMessage {
  title: string;
  body: string;
  link: string;
}

export interface PushDelivery {
  /** Seconds the push service keeps it for a device that is offline. */
  ttlSeconds: number;
  urgency: "very-low" | "low" | "normal" | "high";
  /** Replaces a message with the same topic still waiting at the push service (a retried job). */
  topic?: string;
}

/** Sends Web Push messages (RFC 8030 + 8291 aes128gcm + 8292 VAPID). */
export interface PushSender {
  readonly kind: "webpush" | "local";
  send(target: PushTarget, message: PushMessage, delivery: PushDelivery): Promise<void>;
}

export type PushFailure =
  /** 404/410: the subscription is gone; delete it, never retry. */
  | "gone"
  /** 429, 5xx, a timeout or no answer: try again later. */
  | "retry"
  /** Any other 4xx: our request is wrong (payload too large, VAPID refused); retrying will not help. */
  | "rejected";

export class PushSendError extends Error {
  constructor(
    message: string,
    readonly failure: PushFailure,
    readonly status?: number,
    /** From Retry-After, when the push service gave it. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "PushSendError";
  }
}
