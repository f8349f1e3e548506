import { todayInSaoPaulo, type DataShareKind } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient, Tx } from "../../lib/db.js";

/** Who read rows of hers: a partner's key or a superuser's export, by id, with the name she is shown. */
export interface DataRecipient {
  kind: DataShareKind;
  id: number;
  name: string;
}

export interface DataShareDTO {
  recipient: string;
  kind: DataShareKind;
  /** São Paulo's day, YYYY-MM-DD. */
  day: string;
  fields: string[];
  /** Reads that day (a page of partner rows or one export counts once). */
  count: number;
}

/**
 * Writes that `recipient` read the rows of `userIds` (issue 30, LGPD Art. 18 VII): one statement for
 * the whole answer, however many rows, one log row per (member, recipient, São Paulo day) gathering
 * the fields read and counting the reads.
 */
export async function logDataShares(db: PrismaClient | Tx, recipient: DataRecipient, userIds: readonly number[], fields: readonly string[], at: Date) {
  if (!userIds.length || !fields.length) return;
  const day = todayInSaoPaulo(at);
  const sortedFields = [...new Set(fields)].sort();
  await db.$executeRaw`
    INSERT INTO "DataShareLog" ("userId", "recipientKind", "recipientId", "recipientName", "day", "fields", "count", "updatedAt")
    SELECT u, ${recipient.kind}, ${recipient.id}, ${recipient.name}, ${day}::date, ${sortedFields}::text[], 1, ${at}
    FROM unnest(${[...userIds]}::int[]) AS u
    ON CONFLICT ("userId", "recipientKind", "recipientId", "day") DO UPDATE SET
      "fields" = CASE WHEN "DataShareLog"."fields" @> EXCLUDED."fields" THEN "DataShareLog"."fields"
        ELSE ARRAY(SELECT DISTINCT f FROM unnest("DataShareLog"."fields" || EXCLUDED."fields") AS f ORDER BY f) END,
      "count" = "DataShareLog"."count" + 1,
      "recipientName" = EXCLUDED."recipientName",
      "updatedAt" = EXCLUDED."updatedAt"`;
}

/** A superuser as the members whose data she read or exported are shown her (issue 30, 'Quem viu meus dados'). */
export async function staffRecipient(db: PrismaClient | Tx, actorId: number): Promise<DataRecipient> {
  const staff = await db.user.findUnique({ where: { id: actorId }, select: { fullName: true, nickname: true } });
  return { kind: "staff", id: actorId, name: `Equipe do clube (${staff?.nickname || staff?.fullName || "superusuária"})` };
}

/** 'Quem viu meus dados': her sharing log, newest day first (at most a year of days is kept short by grouping). */
export function createDataSharingService(deps: { prisma: PrismaClient; clock: Clock }) {
  const { prisma } = deps;

  async function dataSharing(user: Pick<User, "id">): Promise<DataShareDTO[]> {
    const rows = await prisma.dataShareLog.findMany({
      where: { userId: user.id },
      orderBy: [{ day: "desc" }, { updatedAt: "desc" }, { id: "desc" }],
      take: 500,
    });
    return rows.map((row) => ({
      recipient: row.recipientName,
      kind: row.recipientKind as DataShareKind,
      day: row.day.toISOString().slice(0, 10),
      fields: row.fields,
      count: row.count,
    }));
  }

  return { dataSharing };
}

export type DataSharingService = ReturnType<typeof createDataSharingService>;
