import { createHash } from "node:crypto";
import { CONSENT_SOURCES, PUSH_TEXTS, pushEndpointAllowed, pushKeysValid, type JobPayloads } from "@clube-coroa/schema";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import { JobError, type JobResult } from "../../lib/queue.js";
import { PushSendError, type PushSender } from "../../providers/push/push.js";
import { recordConsent } from "../privacy/consents.service.js";

/** A push waits this long at the push service for a phone that is off (a day: after that the centre has it). */
export const PUSH_TTL_SECONDS = 86_400;

export interface PushSubscriptionInput {
  endpoint?: unknown;
  keys?: { p256dh?: unknown; auth?: unknown } | null;
}

/**
 * Web Push (issue 29; docs/decisions/0278, 0279): her devices' subscriptions, and the queue's
 * handler that sends one push to one device. Who gets a push is decided where the job is made
 * (the notifications domain); this sends what the job says, to the device it names.
 */
export function createPushService(deps: {
  prisma: PrismaClient;
  clock: Clock;
  log: Pick<Logger, "info" | "warn">;
  /** Null when push is off (DATABASE_URL without VAPID keys). */
  sender: PushSender | null;
  publicKey: string | null;
  endpointHosts: readonly string[];
  allowLoopback: boolean;
}) {
  const { prisma, clock, sender, publicKey, endpointHosts, allowLoopback } = deps;

  function checkEndpoint(endpoint: unknown): string {
    if (!pushEndpointAllowed(endpoint, endpointHosts, allowLoopback)) throw new AppError("VALIDATION", PUSH_TEXTS.endpointInvalid);
    return endpoint as string;
  }

  return {
    /** The application server key the browser subscribes with; null while push is off. */
    publicKey: () => ({ enabled: sender !== null && publicKey !== null, publicKey: sender ? publicKey : null }),

    /**
     * Stores (or moves to her) the subscription of this browser: the endpoint names the browser, so
     * the member signed in last on it is the one who receives its pushes.
     */
    async subscribe(userId: number, input: PushSubscriptionInput, userAgent?: string) {
      if (!sender) throw new AppError("BAD_REQUEST", PUSH_TEXTS.off, { status: 409 });
      if (typeof input !== "object" || input === null || typeof input.keys !== "object" || input.keys === null) {
        throw new AppError("VALIDATION", PUSH_TEXTS.bodyInvalid);
      }
      const endpoint = checkEndpoint(input.endpoint);
      if (!pushKeysValid(input.keys)) throw new AppError("VALIDATION", PUSH_TEXTS.keysInvalid);
      const keys = { p256dh: String(input.keys.p256dh).replace(/=+$/, ""), auth: String(input.keys.auth).replace(/=+$/, "") };
      const agent = userAgent?.slice(0, 300) ?? null;
      // Her first device is her consent to push (issue 30's record); more devices add nothing to it.
      await prisma.$transaction(async (tx) => {
        const before = await tx.pushSubscription.count({ where: { userId } });
        await tx.pushSubscription.upsert({
          where: { endpoint },
          create: { userId, endpoint, ...keys, userAgent: agent },
          update: { userId, ...keys, userAgent: agent },
        });
        if (before === 0) await recordConsent(tx, userId, "push", true, CONSENT_SOURCES.push);
      });
      return { success: true as const };
    },

    /** Removes the subscription of this endpoint if it is hers; answers whether one was removed. */
    async unsubscribe(userId: number, endpoint: unknown) {
      if (typeof endpoint !== "string" || !endpoint || endpoint.length > 4096) throw new AppError("VALIDATION", PUSH_TEXTS.endpointInvalid);
      // Her last device turned off withdraws her consent to push.
      const count = await prisma.$transaction(async (tx) => {
        const removed = await tx.pushSubscription.deleteMany({ where: { endpoint, userId } });
        if (removed.count && (await tx.pushSubscription.count({ where: { userId } })) === 0) {
          await recordConsent(tx, userId, "push", false, CONSENT_SOURCES.push);
        }
        return removed.count;
      });
      return { success: true as const, removed: count > 0 };
    },

    /** The queue's handler of `push`: one message to one device. */
    async deliver(payload: JobPayloads["push"]): Promise<JobResult> {
      if (!sender) return "skipped";
      const device = await prisma.pushSubscription.findUnique({ where: { id: payload.subscriptionId } });
      // Removed since (she turned it off, the browser dropped it) or now another member's browser.
      if (!device || device.userId !== payload.userId) return "skipped";
      // Only a path of the app: the service worker opens it on this origin.
      const link = typeof payload.link === "string" && payload.link.startsWith("/") && !payload.link.startsWith("//") ? payload.link : "/";
      try {
        await sender.send(
          device,
          { title: String(payload.title).slice(0, 120), body: String(payload.body).slice(0, 240), link },
          // A newer state of the same centre entry replaces one still waiting at the push service.
          { ttlSeconds: PUSH_TTL_SECONDS, urgency: "normal", topic: topicOf(payload.notificationId, device.id) },
        );
      } catch (error) {
        if (!(error instanceof PushSendError)) throw error;
        if (error.failure === "gone") {
          await prisma.pushSubscription.deleteMany({ where: { id: device.id } });
          return "skipped";
        }
        throw new JobError(error.message, error.failure === "retry", error.retryAfterMs);
      }
      await prisma.pushSubscription.updateMany({ where: { id: device.id }, data: { lastPushAt: clock.now() } });
    },
  };
}

/** Topic header: base64url, at most 32 characters. */
function topicOf(notificationId: number, subscriptionId: number) {
  return createHash("sha256").update(`${notificationId}:${subscriptionId}`).digest("base64url").slice(0, 32);
}

export type PushService = ReturnType<typeof createPushService>;
