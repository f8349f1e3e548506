import { CONSENT_MESSAGES, CONSENT_PURPOSES, CONSENT_SOURCES, CONSENT_TEXTS, isConsentPurpose, type ConsentPurpose } from "@clube-coroa/schema";
import type { User } from "../../generated/prisma/client.js";
import type { Clock } from "../../lib/clock.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";

/** One purpose as she reads it: her current choice, the text's version she answered, when and where. */
export interface ConsentDTO {
  purpose: ConsentPurpose;
  granted: boolean;
  version: string;
  /** null for a choice made before consents were recorded (source `migração`). */
  at: string | null;
  source: string;
}

export interface ConsentHistoryDTO {
  purpose: ConsentPurpose;
  granted: boolean;
  version: string;
  at: string;
  source: string;
}

export interface ConsentsDTO {
  current: ConsentDTO[];
  history: ConsentHistoryDTO[];
  /** Granted purposes whose text has a newer version than the one she agreed to: the web asks again. */
  pending: ConsentPurpose[];
}

type ConsentColumns = Pick<User, "acceptedTerms" | "acceptedPrivacyPolicy" | "acceptedLGPD" | "shareWithSponsors" | "whatsappNotificationsEnabled">;

/** The user column that holds each purpose's choice, where one does (push lives in her device subscriptions). */
const COLUMN: Partial<Record<ConsentPurpose, keyof ConsentColumns>> = {
  terms: "acceptedTerms",
  privacy: "acceptedPrivacyPolicy",
  lgpd: "acceptedLGPD",
  sponsors: "shareWithSponsors",
  whatsapp: "whatsappNotificationsEnabled",
};

/** The version in force when consents began to be recorded: what a member's earlier choice answered. */
export const LEGACY_CONSENT_VERSION = "2026-11-01";

/**
 * Records that she gave (granted) or withdrew a consent, at the text's current version, inside the
 * caller's transaction. Other domains call it where a choice is made (the push subscription, issue 29).
 */
export async function recordConsent(tx: Tx | PrismaClient, userId: number, purpose: ConsentPurpose, granted: boolean, source: string, at?: Date) {
  await tx.consentEvent.create({ data: { userId, purpose, granted, version: CONSENT_TEXTS[purpose].version, source, ...(at ? { createdAt: at } : {}) } });
}

/**
 * Records what a profile save changed: each purpose whose choice differs from what was recorded
 * (or, for a member without records, from what her row held before). Accepting the terms again on
 * the form does not answer a newer version: the 'Atualizamos' dialog does.
 */
export async function recordProfileConsents(tx: Tx, before: ConsentColumns & { id: number; profileComplete: boolean }, after: ConsentColumns, at: Date) {
  const latest = await latestEvents(tx, before.id);
  for (const purpose of CONSENT_PURPOSES) {
    const column = COLUMN[purpose];
    if (!column) continue;
    const known = latest.get(purpose)?.granted ?? (before.profileComplete ? before[column] : undefined);
    if (known !== after[column]) await recordConsent(tx, before.id, purpose, after[column], CONSENT_SOURCES.profile, at);
  }
}

async function latestEvents(db: Tx | PrismaClient, userId: number) {
  const rows = await db.consentEvent.findMany({
    where: { userId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    distinct: ["purpose"],
  });
  return new Map(rows.map((row) => [row.purpose as ConsentPurpose, row]));
}

/** Her consents (issue 30): the current choice per purpose, the whole history, and what to ask again. */
export function createConsentsService(deps: { prisma: PrismaClient; clock: Clock; userChanged: (userId: number) => void; sponsorsChanged: () => void }) {
  const { prisma, clock } = deps;

  async function consents(user: Pick<User, "id">): Promise<ConsentsDTO> {
    const row = await prisma.user.findUnique({ where: { id: user.id } });
    if (!row) throw new AppError("UNAUTHENTICATED");
    const events = await prisma.consentEvent.findMany({ where: { userId: user.id }, orderBy: [{ createdAt: "desc" }, { id: "desc" }] });
    const current = CONSENT_PURPOSES.map((purpose): ConsentDTO => {
      const last = events.find((event) => event.purpose === purpose);
      const column = COLUMN[purpose];
      // The row is the choice in force (the profile writes it too); the event says when and where.
      const granted = column ? row[column] : (last?.granted ?? false);
      if (last && last.granted === granted) return { purpose, granted, version: last.version, at: last.createdAt.toISOString(), source: last.source };
      return { purpose, granted, version: LEGACY_CONSENT_VERSION, at: null, source: CONSENT_SOURCES.legacy };
    });
    const pending = row.profileComplete ? current.filter((c) => c.granted && c.version < CONSENT_TEXTS[c.purpose].version).map((c) => c.purpose) : [];
    return {
      current,
      history: events.map((event) => ({
        purpose: event.purpose as ConsentPurpose,
        granted: event.granted,
        version: event.version,
        at: event.createdAt.toISOString(),
        source: event.source,
      })),
      pending,
    };
  }

  /**
   * POST /api/user/consents and setConsent: `sponsors` and `whatsapp` change the profile's switch in
   * the same transaction; terms, privacy and LGPD can be given again (a newer version) but not
   * withdrawn while the account exists. Withdrawing `sponsors` empties every instance's sponsor caches.
   */
  async function setConsent(user: Pick<User, "id">, input: { purpose?: unknown; granted?: unknown }): Promise<ConsentsDTO> {
    const { purpose, granted } = input ?? {};
    if (!isConsentPurpose(purpose)) throw new AppError("VALIDATION", CONSENT_MESSAGES.unknownPurpose);
    if (typeof granted !== "boolean") throw new AppError("VALIDATION", CONSENT_MESSAGES.grantedNotBoolean);
    if (!granted && !CONSENT_TEXTS[purpose].revocable) throw new AppError("VALIDATION", CONSENT_MESSAGES.cannotRevoke);
    const now = clock.now();
    const column = COLUMN[purpose];
    const changed = await prisma.$transaction(async (tx) => {
      const before = await tx.user.findUnique({ where: { id: user.id }, select: { [column ?? "id"]: true } });
      if (!before) throw new AppError("UNAUTHENTICATED");
      if (column) await tx.user.update({ where: { id: user.id }, data: { [column]: granted } });
      await recordConsent(tx, user.id, purpose, granted, CONSENT_SOURCES.consents, now);
      return column ? (before as Record<string, unknown>)[column] !== granted : false;
    });
    if (changed) afterColumnChange(user.id, purpose);
    return consents(user);
  }

  /** A switch of her row moved: the sessions that trusted the old row forget it; sponsors' caches empty everywhere. */
  function afterColumnChange(userId: number, purpose: ConsentPurpose) {
    deps.userChanged(userId);
    if (purpose === "sponsors") deps.sponsorsChanged();
  }

  return { consents, setConsent };
}

export type ConsentsService = ReturnType<typeof createConsentsService>;
