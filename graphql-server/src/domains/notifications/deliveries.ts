/**
 * Writing an entry of 'Avisos' and planning its deliveries (issue 29, docs/decisions/0272): the SQL
 * every producer uses, so "is this channel on for her", "is she in her quiet hours" and "which push
 * jobs" mean the same for a new message (inside the send statement) and for every other producer
 * (`recordNotification` + `enqueueDeliveries` in the producer's transaction). Nothing is sent here:
 * the durable queue's worker claims the Job rows written.
 */
import {
  clockMinutes,
  DEFAULT_NOTIFICATION_CHANNELS,
  DEFAULT_QUIET_HOURS,
  inSaoPaulo,
  type NotificationChannel,
  type NotificationText,
  type NotificationTypeName,
} from "@clube-coroa/schema";
import { Prisma } from "../../generated/prisma/client.js";
import type { Tx } from "../../lib/db.js";
import type { SqlValue } from "../../lib/prepared-sql.js";
import type { Bus } from "../../events.js";
import { toNotificationDTO } from "./notification.dto.js";
import { blockedBetweenSql, mutedSql } from "../safety/reach.js";

/** The last minute read on São Paulo's clock: every send asks, and the time zone's lookup is not free. */
let lastMinute = { at: NaN, minute: 0 };

/** The minute of the day (0–1439) on São Paulo's clock, the clock of her quiet hours. */
export function saoPauloMinute(now: Date): number {
  const at = Math.floor(now.getTime() / 60_000);
  if (at !== lastMinute.at) {
    const local = inSaoPaulo(now);
    lastMinute = { at, minute: local.getHours() * 60 + local.getMinutes() };
  }
  return lastMinute.minute;
}

// The defaults as a SQL constant (ours, never input: no quote in it), not a parameter every send carries.
const DEFAULTS_JSON = Prisma.raw(`'${JSON.stringify(DEFAULT_NOTIFICATION_CHANNELS).replaceAll("'", "''")}'::jsonb`);

/**
 * Whether `channel` of the type `type` (SQL text) is on for the member whose NotificationSettings
 * row is `ns` (LEFT JOINed: no row, the defaults). WhatsApp of new_message is the user's
 * `whatsappNotificationsEnabled` (`u` must be her User row then).
 */
export function channelOnSql(ns: string, type: Prisma.Sql, channel: NotificationChannel, u?: string): Prisma.Sql {
  const stored = Prisma.sql`(${Prisma.raw(ns)}."channels" -> ${type} ->> ${channel})::boolean`;
  const fallback = Prisma.sql`(${DEFAULTS_JSON} -> ${type} ->> ${channel})::boolean`;
  if (channel === "whatsapp" && u) {
    return Prisma.sql`(CASE WHEN ${type} = 'new_message' THEN ${Prisma.raw(u)}."whatsappNotificationsEnabled" ELSE COALESCE(${stored}, ${fallback}) END)`;
  }
  return Prisma.sql`COALESCE(${stored}, ${fallback})`;
}

const minutesOf = (column: string) => Prisma.sql`(split_part(${Prisma.raw(column)}, ':', 1)::int * 60 + split_part(${Prisma.raw(column)}, ':', 2)::int)`;

/** Whether `minute` lies in [start, end) of a day's clock; an empty range never holds, one past midnight wraps. */
const inRangeSql = (minute: SqlValue<number>, start: Prisma.Sql, end: Prisma.Sql) => Prisma.sql`(CASE
    WHEN ${start} = ${end} THEN false
    WHEN ${start} < ${end} THEN ${minute}::int >= ${start} AND ${minute}::int < ${end}
    ELSE ${minute}::int >= ${start} OR ${minute}::int < ${end} END)`;

const minutesConstant = (clock: string) => Prisma.raw(String(clockMinutes(clock)));
// The default hours as SQL constants (ours, digits only): the same rule as schema's inQuietHours.
const DEFAULT_QUIET_SQL = DEFAULT_QUIET_HOURS
  ? ([minutesConstant(DEFAULT_QUIET_HOURS.start), minutesConstant(DEFAULT_QUIET_HOURS.end)] as const)
  : null;

/**
 * Whether the member whose NotificationSettings row is `ns` is in her quiet hours at `minute` of São
 * Paulo's clock (saoPauloMinute). No row: the default hours; a row with no hours: never.
 */
export function inQuietHoursSql(ns: string, minute: SqlValue<number>): Prisma.Sql {
  const defaults = DEFAULT_QUIET_SQL ? inRangeSql(minute, ...DEFAULT_QUIET_SQL) : Prisma.sql`false`;
  return Prisma.sql`(CASE
    WHEN ${Prisma.raw(ns)}."userId" IS NULL THEN ${defaults}
    WHEN ${Prisma.raw(ns)}."quietStart" IS NULL OR ${Prisma.raw(ns)}."quietEnd" IS NULL THEN false
    ELSE ${inRangeSql(minute, minutesOf(`${ns}."quietStart"`), minutesOf(`${ns}."quietEnd"`))} END)`;
}

/**
 * The push jobs of the entries named by the CTE or table `entries` (columns id, "userId", type,
 * count, title, body, link): one per device of each recipient whose push channel for the type is
 * on, who is away (no visible tab: not online) and not in her quiet hours. Keyed once per event
 * (the entry's count), channel and device, so writing them twice writes nothing.
 */
export function pushJobsSql(entries: string, now: SqlValue<Date>, minute: SqlValue<number>): Prisma.Sql {
  return Prisma.sql`INSERT INTO "Job" ("kind", "key", "payload", "runAt", "createdAt")
    SELECT 'push', 'push:' || e.id || ':' || e.count || ':' || ps.id,
      jsonb_build_object('subscriptionId', ps.id, 'userId', e."userId", 'notificationId', e.id, 'title', e.title, 'body', e.body, 'link', e.link),
      ${now}::timestamp(3), ${now}::timestamp(3)
    FROM ${Prisma.raw(entries)} e
    JOIN "User" pu ON pu.id = e."userId"
    JOIN "PushSubscription" ps ON ps."userId" = e."userId"
    LEFT JOIN "NotificationSettings" pns ON pns."userId" = e."userId"
    WHERE NOT pu."isOnline" AND ${channelOnSql("pns", Prisma.sql`e.type::text`, "push")} AND NOT ${inQuietHoursSql("pns", minute)}
    ON CONFLICT ("key") DO NOTHING
    RETURNING "id"`;
}

/** An entry as written (what deliveries and the live subscription need). */
export interface WrittenEntry {
  id: number;
  userId: number;
  type: NotificationTypeName;
  count: number;
  title: string;
  body: string;
  link: string;
  createdAt: Date;
  readAt: Date | null;
}

export interface NotificationEvent {
  userId: number;
  type: NotificationTypeName;
  /** Entries of one key are one entry, updated by each event (a conversation, an offer's likes of a day). */
  groupKey: string;
  /** Its words, from the count of events it will hold (1 for a new entry). */
  text: (count: number) => NotificationText;
  /** The member who caused it, if one did: nothing when she blocked or muted her, or across a block. */
  actorId?: number | null;
}

/**
 * Writes (or updates) her entry in the producer's transaction: a new event of a key rewrites its
 * words and time, counts one more and makes it unread. Nothing when her centre is off for the type,
 * or when the actor is blocked either way or muted by her. Answers the entry, or null.
 */
export async function recordNotification(tx: Tx, event: NotificationEvent, now: Date): Promise<WrittenEntry | null> {
  const first = event.text(1);
  const actor = event.actorId ?? null;
  const rows = await tx.$queryRaw<WrittenEntry[]>`
    INSERT INTO "Notification" ("userId", "type", "groupKey", "title", "body", "link", "count", "createdAt")
    SELECT u.id, ${event.type}::"NotificationType", ${event.groupKey}, ${first.title}, ${first.body}, ${first.link}, 1, ${now}::timestamp(3)
    FROM "User" u LEFT JOIN "NotificationSettings" ns ON ns."userId" = u.id
    WHERE u.id = ${event.userId} AND ${channelOnSql("ns", Prisma.sql`${event.type}`, "inApp")}
      AND (${actor}::int IS NULL OR (${actor}::int <> u.id AND NOT ${blockedBetweenSql(Prisma.sql`u.id`, Prisma.sql`${actor}::int`)}
        AND NOT ${mutedSql(Prisma.sql`u.id`, Prisma.sql`${actor}::int`, now)}))
    ON CONFLICT ("userId", "groupKey") DO UPDATE SET "title" = EXCLUDED."title", "body" = EXCLUDED."body", "link" = EXCLUDED."link",
      "type" = EXCLUDED."type", "createdAt" = EXCLUDED."createdAt", "count" = "Notification"."count" + 1, "readAt" = NULL
    RETURNING "id", "userId", "type"::text AS "type", "count", "title", "body", "link", "createdAt", "readAt"`;
  const entry = rows[0];
  if (!entry) return null;
  if (entry.count === 1) return entry;
  const text = event.text(entry.count);
  if (text.title === entry.title && text.body === entry.body && text.link === entry.link) return entry;
  await tx.$executeRaw`UPDATE "Notification" SET "title" = ${text.title}, "body" = ${text.body}, "link" = ${text.link} WHERE id = ${entry.id}`;
  return { ...entry, ...text };
}

/** Plans the push deliveries of entries just written, in the same transaction. */
export async function enqueueDeliveries(tx: Tx, ids: number[], now: Date): Promise<void> {
  if (!ids.length) return;
  await tx.$executeRaw`WITH entries AS (
      SELECT id, "userId", type, count, title, body, link FROM "Notification" WHERE id = ANY(${ids}::int[])
    ) ${pushJobsSql("entries", now, saoPauloMinute(now))}`;
}

/** The group key of a conversation's new-message entry (one per conversation). */
export const conversationGroupKey = (conversationId: number) => `conversation:${conversationId}`;

/**
 * What a producer calls in its transaction: writes each event's entry and plans its deliveries.
 * Answers the entries written, for `publishEntries` once the transaction committed.
 */
export async function notify(tx: Tx, events: NotificationEvent[], now: Date): Promise<WrittenEntry[]> {
  const written: WrittenEntry[] = [];
  for (const event of events) {
    const entry = await recordNotification(tx, event, now);
    if (entry) written.push(entry);
  }
  await enqueueDeliveries(
    tx,
    written.map((entry) => entry.id),
    now,
  );
  return written;
}

/** Tells her open centres, on every instance, after the producer's transaction committed. */
export function publishEntries(bus: Bus, entries: WrittenEntry[]) {
  for (const entry of entries) bus.pubsub.publish("notifications:changed", entry.userId, { entry: toNotificationDTO(entry) });
  // Their pushes, if any were planned, go now rather than at the workers' next poll.
  if (entries.length) bus.pubsub.publish("jobs:queued", { at: Date.now() });
}
