import type { JobPayloads } from "@clube-coroa/schema";
import type { PrismaClient } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import { JobError, type JobResult } from "../../lib/queue.js";
import { WhatsAppSendError, type WhatsAppSender } from "../../providers/whatsapp/whatsapp.js";

/**
 * The queue's handler of `whatsapp_new_message` (the spec's WhatsApp line of a new message): her
 * phone and her switch are read when it runs, not when it was queued, so a switch turned off or an
 * account gone in between sends nothing. A refusal of the number itself or of our setup is final;
 * a rate limit or an outage is retried with the queue's backoff.
 */
export function createWhatsAppNoticeHandler(deps: { prisma: PrismaClient; clock: Clock; whatsapp: WhatsAppSender }) {
  const { prisma, clock, whatsapp } = deps;
  return async (payload: JobPayloads["whatsapp_new_message"]): Promise<JobResult> => {
    const member = await prisma.user.findUnique({
      where: { id: payload.userId },
      select: { phone: true, whatsappNotificationsEnabled: true, suspendedAt: true, suspendedUntil: true },
    });
    if (!member || !member.whatsappNotificationsEnabled) return "skipped";
    const now = clock.now();
    if (member.suspendedAt && (!member.suspendedUntil || member.suspendedUntil > now)) return "skipped";
    try {
      await whatsapp.sendMessageNotification(member.phone, { senderName: payload.senderName, offerTitle: payload.offerTitle });
    } catch (error) {
      if (error instanceof WhatsAppSendError) {
        throw new JobError(error.message, error.failure === "rate_limited" || error.failure === "unavailable");
      }
      throw error;
    }
  };
}
