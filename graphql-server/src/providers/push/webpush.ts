import webpush from "web-push";
import { PushSendError, type PushDelivery, type PushMessage, type PushSender, type PushTarget } from "./push.js";

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: the push services' operators write to. */
  subject: string;
}

/** A VAPID JWT's life (RFC 8292: at most 24 h; web-push's default) and how long before its end a new one is signed. */
const VAPID_JWT_SECONDS = 12 * 60 * 60;
const VAPID_RENEW_BEFORE_SECONDS = 60 * 60;

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

  /** The signed VAPID header per push service (origin), reused until an hour before its JWT ends. */
  private readonly authorizations = new Map<string, { authorization: string; renewAt: number }>();

  constructor(
    private readonly vapid: VapidKeys,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * The Authorization header for the push service of `endpoint`. RFC 8292 lets one JWT (audience: the
   * service's origin, at most 24 h) sign every push to that service; signing it per push was most of a
   * push's CPU (an ECDSA signature, ~0.8 ms here).
   */
  authorizationFor(endpoint: string): string {
    const audience = new URL(endpoint).origin;
    const now = this.now();
    const cached = this.authorizations.get(audience);
    if (cached && cached.renewAt > now) return cached.authorization;
    const expiration = Math.floor(now / 1000) + VAPID_JWT_SECONDS;
    const { Authorization } = webpush.getVapidHeaders(audience, this.vapid.subject, this.vapid.publicKey, this.vapid.privateKey, "aes128gcm", expiration);
    this.authorizations.set(audience, { authorization: Authorization, renewAt: now + (VAPID_JWT_SECONDS - VAPID_RENEW_BEFORE_SECONDS) * 1000 });
    return Authorization;
  }

  async send(target: PushTarget, message: PushMessage, delivery: PushDelivery) {
    const details = webpush.generateRequestDetails(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(message),
      {
        // Signed here once per push service (authorizationFor), not by web-push per push: no
        // vapidDetails (and the module's global ones are never set).
        headers: { Authorization: this.authorizationFor(target.endpoint) },
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
