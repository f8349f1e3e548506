import webpush from "web-push";
import { PushSendError, type PushDelivery, type PushMessage, type PushSender, type PushTarget } from "./push.js";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: the push services' operators write to. */
  subject: string;
}

/** Longest one request to a push service may take before it counts as no answer (retried). */
const TIMEOUT_MS = 15_000;

/** Reads Retry-After (seconds or an HTTP date) as milliseconds from now. */
export function retryAfterMs(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/**
 * The real sender: web-push encrypts the payload (aes128gcm) and signs the VAPID JWT; the request
 * itself goes through fetch, so Retry-After and the status are read here (and a loopback http
 * endpoint works in tests; the allow-list decides which endpoints are ever stored).
 */
export class WebPushSender implements PushSender {
  readonly kind = "webpush" as const;

  constructor(private readonly vapid: VapidKeys) {}

  async send(target: PushTarget, message: PushMessage, delivery: PushDelivery) {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        vapidDetails: this.vapid,
        TTL: delivery.ttlSeconds,
        urgency: delivery.urgency,
        topic: delivery.topic,
        contentEncoding: "aes128gcm",
      },
    );
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body ?? undefined,
        redirect: "error",
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new PushSendError(`push service unreachable: ${error instanceof Error ? error.message : String(error)}`, "retry");
    }
    await response.body?.cancel().catch(() => undefined);
    if (response.status >= 200 && response.status < 300) return;
    const status = response.status;
    if (status === 404 || status === 410) throw new PushSendError(`subscription gone (${status})`, "gone", status);
    if (status === 429 || status >= 500) {
      throw new PushSendError(`push service answered ${status}`, "retry", status, retryAfterMs(response.headers.get("retry-after")));
    }
    throw new PushSendError(`push service refused (${status})`, "rejected", status);
  }
}
