import { ERROR_TEXTS, isConversationsFrom, SAFETY_REFUSALS, MUTE_DAYS, parseId, type ConversationsFromName, type MuteDays } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import { TRANSACTION_OPTIONS, type PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import { markSharedConversations, unmarkSharedConversations } from "./reach.js";

/**
 * Block, mute and who may start a conversation (issue 27; docs/decisions/0250). The rules of what a
 * block or mute hides are read where the data is read (reach.ts); this service writes them and tells
 * every instance: a block changes two members' boards (`offers:changed`, emptied on every instance),
 * their unread badges and presence.
 */
export interface SafetyDeps {
  prisma: PrismaClient;
  clock: Clock;
  bus: Bus;
  /** After a block or unblock commits: every board forgets what it kept (all instances). */
  boardChanged: (authorId: number) => void;
  /** Her `conversationsFrom` changed: the sessions trusted with her old row, and her cards, are stale. */
  userChanged: (user: User) => void;
}

export interface BlockedMemberDTO {
  id: number;
  displayName: string;
  blockedAt: string;
}

export interface MuteDTO {
  userId: number;
  displayName: string;
  /** null: until she lifts it. */
  mutedUntil: string | null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const nameOf = (u: { nickname: string | null; fullName: string | null }) => u.nickname || u.fullName || "Parceira";

export function createSafetyService(deps: SafetyDeps) {
  const { prisma, clock, bus } = deps;

  /** The member she acts on: an existing member, not herself, not staff (400 with the action's text). */
  async function target(user: Pick<User, "id">, rawId: unknown, texts: { self: string; staff: string }) {
    const id = parseId(rawId);
    const found = id === null ? null : await prisma.user.findUnique({ where: { id }, select: { id: true, role: true, nickname: true, fullName: true } });
    if (!found) throw new AppError("NOT_FOUND", ERROR_TEXTS.memberNotFound);
    if (found.id === user.id) throw new AppError("SAFETY_TARGET_INVALID", texts.self);
    if (found.role === "superuser") throw new AppError("SAFETY_TARGET_INVALID", texts.staff);
    return found;
  }

  /** After a block or unblock: both boards, badges and conversations' state change, on every instance. */
  function blocksChanged(a: number, b: number) {
    deps.boardChanged(a);
    for (const userId of [a, b]) bus.pubsub.publish("unread:changed", userId, {});
  }

  async function block(user: Pick<User, "id">, rawId: unknown) {
    const { id: blockedId } = await target(user, rawId, { self: SAFETY_REFUSALS.blockSelf, staff: SAFETY_REFUSALS.blockStaff });
    // Their shared conversations are marked first (reach.ts): a send between them holding a
    // conversation's row commits before the block; the next one reads the mark and stores nothing.
    await prisma.$transaction(async (tx) => {
      await markSharedConversations(tx, user.id, blockedId, clock.now());
      await tx.memberBlock.upsert({
        where: { blockerId_blockedId: { blockerId: user.id, blockedId } },
        create: { blockerId: user.id, blockedId, createdAt: clock.now() },
        update: {},
      });
    }, TRANSACTION_OPTIONS);
    blocksChanged(user.id, blockedId);
    return { success: true as const, userId: blockedId };
  }

  async function unblock(user: Pick<User, "id">, rawId: unknown) {
    const id = parseId(rawId);
    if (id === null) throw new AppError("NOT_FOUND", ERROR_TEXTS.memberNotFound);
    const removed = await prisma.$transaction(async (tx) => {
      const deleted = await tx.memberBlock.deleteMany({ where: { blockerId: user.id, blockedId: id } });
      if (deleted.count) await unmarkSharedConversations(tx, user.id, id);
      return deleted.count;
    }, TRANSACTION_OPTIONS);
    if (removed) blocksChanged(user.id, id);
    return { success: true as const, userId: id };
  }

  /** Her list on /perfil, newest first. */
  async function listBlocks(user: Pick<User, "id">): Promise<BlockedMemberDTO[]> {
    const rows = await prisma.memberBlock.findMany({
      where: { blockerId: user.id },
      orderBy: [{ createdAt: "desc" }, { blockedId: "desc" }],
      include: { blocked: { select: { id: true, nickname: true, fullName: true } } },
    });
    return rows.map((r) => ({
      id: r.blocked.id,
      displayName: nameOf(r.blocked),
      blockedAt: r.createdAt.toISOString(),
    }));
  }

  function validDays(value: unknown): MuteDays {
    if (value === null || value === undefined) return null;
    if ((MUTE_DAYS as readonly unknown[]).includes(value)) return value as MuteDays;
    throw new AppError("VALIDATION", SAFETY_REFUSALS.muteDaysInvalid);
  }

  /** Mutes for 1 or 7 days, or (null) until she lifts it; muting again replaces the length. */
  async function mute(user: Pick<User, "id">, rawId: unknown, rawDays: unknown): Promise<MuteDTO> {
    const days = validDays(rawDays);
    const muted = await target(user, rawId, { self: SAFETY_REFUSALS.muteSelf, staff: SAFETY_REFUSALS.muteStaff });
    const mutedId = muted.id;
    const now = clock.now();
    const expiresAt = days === null ? null : new Date(now.getTime() + days * DAY_MS);
    await prisma.memberMute.upsert({
      where: { muterId_mutedId: { muterId: user.id, mutedId } },
      create: { muterId: user.id, mutedId, createdAt: now, expiresAt },
      update: { createdAt: now, expiresAt },
    });
    bus.pubsub.publish("unread:changed", user.id, {});
    return { userId: mutedId, displayName: nameOf(muted), mutedUntil: expiresAt?.toISOString() ?? null };
  }

  async function unmute(user: Pick<User, "id">, rawId: unknown) {
    const id = parseId(rawId);
    if (id === null) throw new AppError("NOT_FOUND", ERROR_TEXTS.memberNotFound);
    await prisma.memberMute.deleteMany({ where: { muterId: user.id, mutedId: id } });
    bus.pubsub.publish("unread:changed", user.id, {});
    return { success: true as const, userId: id };
  }

  /** Her mutes still running, newest first (an expired one is not listed: it ended by itself). */
  async function listMutes(user: Pick<User, "id">): Promise<MuteDTO[]> {
    const rows = await prisma.memberMute.findMany({
      where: { muterId: user.id, OR: [{ expiresAt: null }, { expiresAt: { gt: clock.now() } }] },
      orderBy: [{ createdAt: "desc" }, { mutedId: "desc" }],
      include: { muted: { select: { nickname: true, fullName: true } } },
    });
    return rows.map((r) => ({ userId: r.mutedId, displayName: nameOf(r.muted), mutedUntil: r.expiresAt?.toISOString() ?? null }));
  }

  /** 'Quem pode iniciar conversa comigo'; conversations already open go on. */
  async function setConversationsFrom(user: Pick<User, "id">, value: unknown): Promise<{ conversationsFrom: ConversationsFromName }> {
    if (!isConversationsFrom(value)) throw new AppError("VALIDATION", SAFETY_REFUSALS.conversationsFromInvalid);
    const updated = await prisma.user.update({ where: { id: user.id }, data: { conversationsFrom: value } });
    deps.userChanged(updated);
    return { conversationsFrom: updated.conversationsFrom };
  }

  return { block, unblock, listBlocks, mute, unmute, listMutes, setConversationsFrom };
}

export type SafetyService = ReturnType<typeof createSafetyService>;
