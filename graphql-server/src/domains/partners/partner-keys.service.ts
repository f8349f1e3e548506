import { createHash, randomBytes } from "node:crypto";
import { containsNul, ERROR_TEXTS, parseId } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import { requireSuperuser } from "../admin/admin.policy.js";
import { writeAudit, type AdminMeta } from "../admin/audit.js";
import type { PartnerIdentity } from "./partners.policy.js";
import { listenTo } from "../../lib/bus.js";

/** A key as the 'Parceiras (API)' panel lists it; never the key itself nor its hash. */
export interface PartnerApiKeyDTO {
  id: number;
  name: string;
  prefix: string;
  createdAt: string;
  createdByName: string | null;
  lastUsedAt: string | null;
  requestCount: number;
  revokedAt: string | null;
}

export const KEY_PREFIX = "ccp_";
/** 'ccp_' and 32 random bytes in base64url. */
const KEY_SHAPE = /^ccp_[A-Za-z0-9_-]{43}$/;
const NAME_MAX = 80;
/** How long one instance trusts a key it looked up; a revocation drops it at once through the bus. */
const KEY_CACHE_MS = 30_000;
const KEY_CACHE_MAX = 1000;
/** Uses are counted in memory and written every few seconds (and at shutdown): one write per key, not per request. */
export const USAGE_FLUSH_MS = 3_000;

const NOT_FOUND = () => new AppError("NOT_FOUND", ERROR_TEXTS.keyNotFound);

export const hashPartnerKey = (key: string) => createHash("sha256").update(key).digest("hex");

type Actor = Pick<User, "id" | "role"> | null | undefined;
type KeyRow = { id: number; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null; requestCount: number; revokedAt: Date | null; createdBy: { fullName: string | null; phone: string } | null };

const toDTO = (row: KeyRow): PartnerApiKeyDTO => ({
  id: row.id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.createdAt.toISOString(),
  createdByName: row.createdBy ? (row.createdBy.fullName ?? row.createdBy.phone) : null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  requestCount: row.requestCount,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});
const WITH_AUTHOR = { createdBy: { select: { fullName: true, phone: true } } } as const;

function parseName(input: unknown): string {
  if (typeof input !== "string" || containsNul(input)) throw new AppError("VALIDATION", ERROR_TEXTS.keyNameRequired);
  const name = input.trim();
  if (!name) throw new AppError("VALIDATION", ERROR_TEXTS.keyNameRequired);
  if (name.length > NAME_MAX) throw new AppError("VALIDATION", ERROR_TEXTS.keyNameTooLong(NAME_MAX));
  return name;
}

/**
 * Partners' API keys (issue 13): superusers create, list and revoke them; the /graphql door asks
 * `authenticate` who a Bearer key names and tells `recordUse` of every request it lets through.
 * Only the key's sha256 is stored; the key itself is answered once, at creation.
 */
export function createPartnerKeysService(deps: { prisma: PrismaClient; clock: Clock; bus: Bus; log: Logger }) {
  const { prisma, clock, bus, log } = deps;
  const cache = new Map<string, { identity: PartnerIdentity; until: number }>();
  const forget = (keyId: number) => {
    for (const [hash, entry] of cache) if (entry.identity.keyId === keyId) cache.delete(hash);
  };
  listenTo(bus.pubsub.subscribe("partnerKey:revoked"), ({ keyId }) => forget(keyId), log, "partner keys (partnerKey:revoked)");
  // A revocation elsewhere cannot reach this instance while the bus is cut off: keys are read from
  // the database then, and what was trusted is forgotten when it is back.
  const stopMissed = bus.onEventsMissed(() => cache.clear());

  async function createPartnerApiKey(user: Actor, nameInput: unknown, meta: AdminMeta = {}) {
    const actor = requireSuperuser(user);
    const name = parseName(nameInput);
    const key = KEY_PREFIX + randomBytes(32).toString("base64url");
    const now = clock.now();
    const row = await prisma.$transaction(async (tx) => {
      const saved = await tx.partnerApiKey.create({
        data: { name, keyHash: hashPartnerKey(key), prefix: key.slice(0, KEY_PREFIX.length + 8), createdById: actor.id, createdAt: now },
        include: WITH_AUTHOR,
      });
      await writeAudit(tx, { actorId: actor.id, action: "partner_key.create", targetType: "PartnerApiKey", targetId: saved.id, data: { name, prefix: saved.prefix }, ip: meta.ip, at: now });
      return saved;
    });
    return { key, partnerApiKey: toDTO(row) };
  }

  async function listPartnerApiKeys(user: Actor): Promise<PartnerApiKeyDTO[]> {
    requireSuperuser(user);
    const rows = await prisma.partnerApiKey.findMany({ orderBy: [{ createdAt: "desc" }, { id: "desc" }], include: WITH_AUTHOR });
    return rows.map(toDTO);
  }

  /** Revoked at once on every instance; revoking a revoked key keeps its first date. */
  async function revokePartnerApiKey(user: Actor, idInput: unknown, meta: AdminMeta = {}): Promise<PartnerApiKeyDTO> {
    const actor = requireSuperuser(user);
    const id = parseId(idInput);
    if (id === null) throw NOT_FOUND();
    const now = clock.now();
    const row = await prisma.$transaction(async (tx) => {
      const found = await tx.partnerApiKey.findUnique({ where: { id }, select: { revokedAt: true } });
      if (!found) throw NOT_FOUND();
      const saved = await tx.partnerApiKey.update({ where: { id }, data: { revokedAt: found.revokedAt ?? now }, include: WITH_AUTHOR });
      await writeAudit(tx, { actorId: actor.id, action: "partner_key.revoke", targetType: "PartnerApiKey", targetId: id, data: { name: saved.name, prefix: saved.prefix }, ip: meta.ip, at: now });
      return saved;
    });
    forget(id);
    bus.pubsub.publish("partnerKey:revoked", { keyId: id });
    return toDTO(row);
  }

  /** The partner a Bearer key names; null when it is malformed, unknown or revoked. */
  async function authenticate(key: string): Promise<PartnerIdentity | null> {
    if (!KEY_SHAPE.test(key)) return null;
    const hash = hashPartnerKey(key);
    const trusted = bus.connected;
    const cached = trusted ? cache.get(hash) : undefined;
    if (cached && cached.until > Date.now()) return cached.identity;
    const row = await prisma.partnerApiKey.findUnique({ where: { keyHash: hash }, select: { id: true, name: true, revokedAt: true } });
    if (!row || row.revokedAt) {
      cache.delete(hash);
      return null;
    }
    const identity = { keyId: row.id, name: row.name };
    if (!trusted) return identity;
    if (cache.size >= KEY_CACHE_MAX) cache.clear();
    cache.set(hash, { identity, until: Date.now() + KEY_CACHE_MS });
    return identity;
  }

  // Use of each key since the last write: a partner at 600 requests a minute costs one UPDATE every few seconds.
  let pending = new Map<number, { count: number; last: Date }>();
  function recordUse(keyId: number) {
    const entry = pending.get(keyId);
    if (entry) {
      entry.count += 1;
      entry.last = clock.now();
    } else pending.set(keyId, { count: 1, last: clock.now() });
  }

  /** Writes the counted uses (one UPDATE per key); on failure they are kept for the next round. */
  async function flushUsage() {
    if (!pending.size) return;
    const batch = pending;
    pending = new Map();
    for (const [keyId, { count, last }] of batch) {
      try {
        await prisma.partnerApiKey.updateMany({ where: { id: keyId }, data: { requestCount: { increment: count }, lastUsedAt: last } });
      } catch (error) {
        log.warn({ err: error, keyId }, "partner key usage not written; retried on the next round");
        const again = pending.get(keyId);
        pending.set(keyId, { count: count + (again?.count ?? 0), last: again?.last ?? last });
      }
    }
  }

  let flushing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    flushing = flushing.then(flushUsage);
  }, USAGE_FLUSH_MS);
  timer.unref();

  return {
    createPartnerApiKey,
    listPartnerApiKeys,
    revokePartnerApiKey,
    authenticate,
    recordUse,
    flushUsage,
    /** Stops the timer and writes what is still counted (the app's shutdown). */
    async stop() {
      stopMissed();
      clearInterval(timer);
      await flushing;
      await flushUsage();
    },
  };
}

export type PartnerKeysService = ReturnType<typeof createPartnerKeysService>;
