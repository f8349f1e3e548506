import {
  effectiveChannels,
  isClockTime,
  isNotificationType,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_REFUSALS,
  NOTIFICATIONS_PAGE_SIZE,
  DEFAULT_QUIET_HOURS,
  parseId,
  type NotificationChannels,
  type NotificationTypeName,
  type QuietHours,
} from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import { TRANSACTION_OPTIONS, type PrismaClient, type Tx } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { WrittenEntry } from "./deliveries.js";
import { toNotificationDTO, type NotificationDTO } from "./notification.dto.js";

export type { NotificationDTO };

// 'Avisos' (issue 29): her centre, read and marked read; her preferences; the notices of one
// conversation muted. Producers write entries through deliveries.ts in their own transactions.

export interface NotificationPageDTO {
  items: NotificationDTO[];
  unread: number;
  nextCursor: string | null;
}

export interface NotificationPreferencesDTO {
  types: NotificationChannels;
  quietHours: QuietHours;
}

/** The opaque cursor: the last entry's time and id (entries are ordered newest first, then by id). */
const encodeCursor = (n: { createdAt: Date; id: number }) => Buffer.from(`${n.createdAt.getTime()}.${n.id}`).toString("base64url");
function decodeCursor(cursor: unknown): { createdAt: Date; id: number } | null {
  if (cursor === undefined || cursor === null || cursor === "") return null;
  const refuse = () => new AppError("VALIDATION", NOTIFICATION_REFUSALS.cursor);
  if (typeof cursor !== "string" || cursor.length > 64 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw refuse();
  const match = /^(\d{1,15})\.(\d{1,10})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  const id = match ? parseId(Number(match[2])) : null;
  if (!match || id === null) throw refuse();
  return { createdAt: new Date(Number(match[1])), id };
}

const MAX_IDS = 100;

export interface NotificationsDeps {
  prisma: PrismaClient;
  clock: Clock;
  bus: Bus;
}

export function createNotificationsService({ prisma, clock, bus }: NotificationsDeps) {
  const unreadCount = (userId: number) => prisma.notification.count({ where: { userId, readAt: null } });

  /** Tells her open centres (any instance) that an entry was written, or that entries were read (entry null). */
  function publishChanged(userId: number, entry: WrittenEntry | null) {
    bus.pubsub.publish("notifications:changed", userId, { entry: entry ? toNotificationDTO(entry) : null });
  }

  /** A page of her centre, newest first. */
  async function list(user: Pick<User, "id">, cursor?: unknown): Promise<NotificationPageDTO> {
    const after = decodeCursor(cursor);
    const rows = await prisma.notification.findMany({
      where: {
        userId: user.id,
        ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: NOTIFICATIONS_PAGE_SIZE + 1,
    });
    const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      items: page.map((n) => toNotificationDTO({ ...n, type: n.type as NotificationTypeName })),
      unread: await unreadCount(user.id),
      nextCursor: rows.length > NOTIFICATIONS_PAGE_SIZE && last ? encodeCursor(last) : null,
    };
  }

  /** Marks some of her entries (others' ids are ignored) or all of them read; answers her unread count. */
  async function markRead(user: Pick<User, "id">, input: { ids?: unknown; all?: unknown }): Promise<number> {
    const refuse = () => new AppError("VALIDATION", NOTIFICATION_REFUSALS.read);
    const all = input.all === true;
    let ids: number[] | null = null;
    if (!all) {
      if (input.all !== undefined && input.all !== null && input.all !== false) throw refuse();
      if (!Array.isArray(input.ids) || input.ids.length === 0 || input.ids.length > MAX_IDS) throw refuse();
      ids = input.ids.map((value) => {
        const id = parseId(value);
        if (id === null) throw refuse();
        return id;
      });
    } else if (input.ids !== undefined && input.ids !== null) throw refuse();
    const { count } = await prisma.notification.updateMany({
      where: { userId: user.id, readAt: null, ...(ids ? { id: { in: ids } } : {}) },
      data: { readAt: clock.now() },
    });
    if (count) publishChanged(user.id, null);
    return unreadCount(user.id);
  }

  async function preferencesOf(db: PrismaClient | Tx, userId: number): Promise<NotificationPreferencesDTO> {
    const settings = await db.notificationSettings.findUnique({ where: { userId } });
    const user = await db.user.findUniqueOrThrow({ where: { id: userId }, select: { whatsappNotificationsEnabled: true } });
    const types = effectiveChannels(settings?.channels);
    types.new_message.whatsapp = user.whatsappNotificationsEnabled;
    const quietHours: QuietHours = !settings
      ? DEFAULT_QUIET_HOURS
      : settings.quietStart && settings.quietEnd
        ? { start: settings.quietStart, end: settings.quietEnd }
        : null;
    return { types, quietHours };
  }

  /** Her choices with every default filled in. */
  const getPreferences = (user: Pick<User, "id">) => preferencesOf(prisma, user.id);

  /** Changes some of her choices (a partial `types`, and/or `quietHours`); each change is kept with its time. */
  async function updatePreferences(user: Pick<User, "id">, input: unknown): Promise<NotificationPreferencesDTO> {
    const change = parsePreferences(input);
    return prisma.$transaction(async (tx) => {
      // One change at a time per member, so that each recorded "before" is the previous "after".
      await tx.$queryRaw`SELECT id FROM "User" WHERE id = ${user.id} FOR UPDATE`;
      const before = await preferencesOf(tx, user.id);
      const types = structuredClone(before.types);
      for (const [type, choice] of Object.entries(change.types) as [NotificationTypeName, Partial<Record<string, boolean>>][]) {
        Object.assign(types[type], choice);
      }
      const quietHours = change.quietHours === undefined ? before.quietHours : change.quietHours;
      const after: NotificationPreferencesDTO = { types, quietHours };
      // WhatsApp of new messages lives on the user (the profile's switch); the rest in her settings row.
      const { whatsapp, ...messageRest } = types.new_message;
      const channels = { ...types, new_message: messageRest };
      await tx.notificationSettings.upsert({
        where: { userId: user.id },
        create: { userId: user.id, channels, quietStart: quietHours?.start ?? null, quietEnd: quietHours?.end ?? null },
        update: { channels, quietStart: quietHours?.start ?? null, quietEnd: quietHours?.end ?? null },
      });
      if (whatsapp !== before.types.new_message.whatsapp) {
        await tx.user.update({ where: { id: user.id }, data: { whatsappNotificationsEnabled: whatsapp } });
      }
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await tx.notificationSettingsChange.create({
          data: { userId: user.id, before: before as object, after: after as object, createdAt: clock.now() },
        });
      }
      return after;
    }, TRANSACTION_OPTIONS);
  }

  /** Mutes (or unmutes) the notices of one of her conversations; 404 when she is not in it. */
  async function setConversationNoticesMuted(user: Pick<User, "id">, conversationId: unknown, muted: boolean) {
    const id = parseId(conversationId);
    if (id === null) throw new AppError("CONVERSATION_NOT_FOUND");
    const { count } = await prisma.conversationMember.updateMany({
      where: { conversationId: id, userId: user.id },
      data: { noticesMutedAt: muted ? clock.now() : null },
    });
    if (!count) throw new AppError("CONVERSATION_NOT_FOUND");
    return { conversationId: id, noticesMuted: muted };
  }

  return {
    list,
    markRead,
    unreadCount: (user: Pick<User, "id">) => unreadCount(user.id),
    getPreferences,
    updatePreferences,
    muteConversationNotices: (user: Pick<User, "id">, conversationId: unknown) => setConversationNoticesMuted(user, conversationId, true),
    unmuteConversationNotices: (user: Pick<User, "id">, conversationId: unknown) => setConversationNoticesMuted(user, conversationId, false),
    /** Producers call it after their transaction committed, for each entry they wrote. */
    publishChanged,
    /** Her centre's changes, from any instance. */
    changesFor: (userId: number) => bus.pubsub.subscribe("notifications:changed", userId),
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;

type PreferencesChange = { types: Partial<Record<NotificationTypeName, Partial<Record<string, boolean>>>>; quietHours?: QuietHours };

/** What PUT accepts: a partial `types` (known types and channels, booleans) and `quietHours` ({start, end} "HH:MM" or null). */
export function parsePreferences(input: unknown): PreferencesChange {
  const refuse = (text: string = NOTIFICATION_REFUSALS.preferences) => new AppError("VALIDATION", text);
  if (input === null || typeof input !== "object" || Array.isArray(input)) throw refuse();
  const given = input as Record<string, unknown>;
  for (const key of Object.keys(given)) if (key !== "types" && key !== "quietHours") throw refuse();
  const out: PreferencesChange = { types: {} };
  if (given.types !== undefined) {
    if (given.types === null || typeof given.types !== "object" || Array.isArray(given.types)) throw refuse();
    for (const [type, choice] of Object.entries(given.types as Record<string, unknown>)) {
      if (!isNotificationType(type)) throw refuse(NOTIFICATION_REFUSALS.type(type.slice(0, 40)));
      if (choice === null || typeof choice !== "object" || Array.isArray(choice)) throw refuse(NOTIFICATION_REFUSALS.boolean);
      const channels: Partial<Record<string, boolean>> = {};
      for (const [channel, value] of Object.entries(choice as Record<string, unknown>)) {
        if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(channel)) throw refuse(NOTIFICATION_REFUSALS.channel(channel.slice(0, 40)));
        if (typeof value !== "boolean") throw refuse(NOTIFICATION_REFUSALS.boolean);
        channels[channel] = value;
      }
      out.types[type] = channels;
    }
  }
  if (given.quietHours !== undefined) {
    const quiet = given.quietHours;
    if (quiet === null) out.quietHours = null;
    else {
      if (typeof quiet !== "object" || Array.isArray(quiet)) throw refuse(NOTIFICATION_REFUSALS.quietHours);
      const { start, end, ...rest } = quiet as Record<string, unknown>;
      if (Object.keys(rest).length || !isClockTime(start) || !isClockTime(end)) throw refuse(NOTIFICATION_REFUSALS.quietHours);
      out.quietHours = { start, end };
    }
  }
  return out;
}

