// Reach (issue 29): what an entry of 'Avisos' can tell, the channels a member chooses per type, her
// quiet hours, and the shapes of the durable queue's jobs. Shared by the server (which decides) and the
// web (which shows her choices).

/** The kinds of entries of 'Avisos', in the order the preferences list them. */
export const NOTIFICATION_TYPES = [
  "new_message",
  "conversation_started",
  "offer_liked",
  "payment_confirmed",
  "payment_overdue",
  "plan_changed",
  "report_handled",
  "offer_hidden",
  "offer_restored",
  "offer_removed",
] as const;
export type NotificationTypeName = (typeof NOTIFICATION_TYPES)[number];

export const isNotificationType = (value: unknown): value is NotificationTypeName =>
  typeof value === "string" && (NOTIFICATION_TYPES as readonly string[]).includes(value);

/** Where a notice can reach her: the centre in the app, Web Push on her devices, a WhatsApp line. */
export const NOTIFICATION_CHANNELS = ["inApp", "push", "whatsapp"] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export type ChannelChoice = Record<NotificationChannel, boolean>;
export type NotificationChannels = Record<NotificationTypeName, ChannelChoice>;

/**
 * A new member's choices: everything in the app and by push; WhatsApp only for new messages (the
 * spec's notice, mirrored by `whatsappNotificationsEnabled`) and for payments, which she must not miss.
 */
export const DEFAULT_NOTIFICATION_CHANNELS: NotificationChannels = {
  new_message: { inApp: true, push: true, whatsapp: true },
  conversation_started: { inApp: true, push: true, whatsapp: false },
  offer_liked: { inApp: true, push: false, whatsapp: false },
  payment_confirmed: { inApp: true, push: true, whatsapp: false },
  payment_overdue: { inApp: true, push: true, whatsapp: true },
  plan_changed: { inApp: true, push: true, whatsapp: false },
  report_handled: { inApp: true, push: true, whatsapp: false },
  offer_hidden: { inApp: true, push: true, whatsapp: false },
  offer_restored: { inApp: true, push: true, whatsapp: false },
  offer_removed: { inApp: true, push: true, whatsapp: false },
};

/** Quiet hours for push and WhatsApp ("HH:MM", America/Sao_Paulo); null when she turned them off. */
export type QuietHours = { start: string; end: string } | null;
export const DEFAULT_QUIET_HOURS: QuietHours = { start: "22:00", end: "08:00" };
export const QUIET_HOURS_TIME_ZONE = "America/Sao_Paulo";

/** The centre's unread count is capped in the bell as the spec caps the message badge. */
export const NOTIFICATION_BADGE_CAP = 99;

/** The centre's page size. */
export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Her preferences with every default filled in, from what is stored (any JSON) for her. */
export function effectiveChannels(stored: unknown): NotificationChannels {
  const given = stored !== null && typeof stored === "object" ? (stored as Record<string, unknown>) : {};
  const out = {} as NotificationChannels;
  for (const type of NOTIFICATION_TYPES) {
    const choice = given[type] !== null && typeof given[type] === "object" ? (given[type] as Record<string, unknown>) : {};
    const fallback = DEFAULT_NOTIFICATION_CHANNELS[type];
    out[type] = {
      inApp: typeof choice.inApp === "boolean" ? choice.inApp : fallback.inApp,
      push: typeof choice.push === "boolean" ? choice.push : fallback.push,
      whatsapp: typeof choice.whatsapp === "boolean" ? choice.whatsapp : fallback.whatsapp,
    };
  }
  return out;
}

const HH_MM = /^([01]\d|2[0-3]):([0-5]\d)$/;
export const isClockTime = (value: unknown): value is string => typeof value === "string" && HH_MM.test(value);
/** The minute of the day (0–1439) of a clock time "HH:MM". */
export const clockMinutes = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** True when `minuteOfDay` (0–1439, São Paulo) falls inside the quiet hours (which may cross midnight). */
export function inQuietHours(quiet: QuietHours, minuteOfDay: number): boolean {
  if (!quiet) return false;
  const start = clockMinutes(quiet.start);
  const end = clockMinutes(quiet.end);
  if (start === end) return false;
  return start < end ? minuteOfDay >= start && minuteOfDay < end : minuteOfDay >= start || minuteOfDay < end;
}

/**
 * The jobs of the durable queue and what each carries (never a phone in a push payload). Keys, as
 * the server writes them (graphql-server/src/domains/notifications/deliveries.ts, record 0272):
 * `push:{notificationId}:{count}:{subscriptionId}` and `whatsapp_new_message:{messageId}:{userId}`.
 * Only new messages go by WhatsApp (the adapter has no template for the other types).
 */
export type JobPayloads = {
  /** One Web Push to one device. */
  push: { subscriptionId: number; userId: number; notificationId: number; title: string; body: string; link: string };
  /** One WhatsApp line of a new message (the spec's notice). */
  whatsapp_new_message: { userId: number; conversationId: number; senderName: string; offerTitle: string };
  /** Prepares the zip of her data (issue 30), keyed `data_export:{exportId}`. */
  data_export: { exportId: string };
};
export type JobKind = keyof JobPayloads;
