import { containsNul, ERROR_TEXTS, LIMITS, normalisePhone, suspensionMessage, TEXT_MESSAGES, TOKEN_PATTERN, userIdFromReferralCode } from "@clube-coroa/schema";
import type { Config } from "../../config.js";
import type { Bus } from "../../events.js";
import type { Clock } from "../../lib/clock.js";
import { randomDigits, randomToken, safeEqualHex, sha256 } from "../../lib/crypto.js";
import type { PrismaClient, Tx } from "../../lib/db.js";
import { AppError } from "../../lib/errors.js";
import type { Logger } from "../../lib/log.js";
import type { RateLimiter } from "../../lib/rate-limit.js";
import type { Prisma } from "../../generated/prisma/client.js";
import { WhatsAppSendError, type WhatsAppSender } from "../../providers/whatsapp/whatsapp.js";
import { toUserDTO, type UserDTO } from "../users/users.service.js";
import type { SessionMeta, SessionStore } from "./sessions.js";
import { writeAudit } from "../admin/audit.js";
import { lockSuperuserPhone } from "../admin/superusers.service.js";
import { isSuspended } from "../admin/suspensions.service.js";

export interface AuthDeps {
  prisma: PrismaClient;
  config: Config;
  clock: Clock;
  log: Logger;
  bus: Bus;
  whatsapp: WhatsAppSender;
  sessions: SessionStore;
  verifyLimiter: RateLimiter;
  /** A member joined: the admin dashboard's counts changed. */
  statsTouched?: () => void;
}

export interface SignInMeta extends SessionMeta {
  /** The login device key the request carried (its device cookie); absent for clients that keep no cookies. */
  deviceKey?: string;
}

interface PhoneInput {
  phone: string;
  countryCode?: string | null;
}

export interface SendLoginTokenInput extends PhoneInput {
  /**
   * Any code this phone received by WhatsApp within the hour: when the phone's hourly ceiling holds
   * this device back, showing one proves she reads that WhatsApp and lets the device past.
   */
  recentCode?: string | null;
}

export interface VerifyLoginTokenInput extends PhoneInput {
  token: string;
  referralCode?: string | null;
}

const HOUR_MS = 60 * 60 * 1000;
/** Sign-in codes are kept this long after they were sent, then deleted by `prune`. */
const LOGIN_TOKENS_KEPT_MS = 24 * HOUR_MS;
/** How often each instance runs the sign-in housekeeping. */
export const AUTH_PRUNE_EVERY_MS = HOUR_MS;
const hashCode = (salt: string, code: string) => sha256(`${salt}:${code}`);
const secondsUntil = (from: Date, to: number) => Math.max(1, Math.ceil((to - from.getTime()) / 1000));
const addressOf = (meta: SignInMeta) => meta.ip?.slice(0, 64);

/**
 * The codes that belong to the asking device: those sent for its key, or, for a client that keeps
 * no cookies, those its address asked for without one. Nobody else's requests or guesses touch them.
 */
function deviceCodes(phone: string, meta: SignInMeta): Prisma.LoginTokenWhereInput {
  if (meta.deviceKey) return { phone, deviceHash: sha256(meta.deviceKey) };
  const address = addressOf(meta);
  return address ? { phone, addressBound: true, ip: address } : { phone, id: { in: [] } };
}

/** Like every text a client sends, sign-in input holding NUL is refused (the REST door does it too). */
function refuseNul(input: PhoneInput) {
  if (containsNul(input)) throw new AppError("VALIDATION", TEXT_MESSAGES.invalidCharacters);
}

function phoneOf(input: PhoneInput) {
  const result = normalisePhone(String(input.phone ?? ""), input.countryCode);
  if (!result.ok) throw new AppError("PHONE_INVALID");
  return result;
}

/**
 * The newest `limit` sends matching `where` within the hour, newest first, and how long until
 * fewer than `limit` remain; `wait` is 0 while under the limit.
 */
async function sendsInLastHour(tx: Tx, where: Prisma.LoginTokenWhereInput, limit: number, now: Date) {
  const recent = await tx.loginToken.findMany({
    where: { ...where, createdAt: { gt: new Date(now.getTime() - HOUR_MS) } },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
    take: limit,
  });
  const wait = recent.length >= limit ? secondsUntil(now, recent[limit - 1].createdAt.getTime() + HOUR_MS) : 0;
  return { recent, wait };
}

const phoneLimited = (wait: number) =>
  new AppError("RATE_LIMITED_PHONE", ERROR_TEXTS.phoneRateLimited(Math.ceil(wait / 60)), {
    retryAfterSeconds: wait,
  });

const ceilingReached = (wait: number) =>
  new AppError("RECENT_CODE_REQUIRED", ERROR_TEXTS.recentCodeRequired(Math.ceil(wait / 60)), { retryAfterSeconds: wait });

/**
 * Whether `code` is one the phone received within the hour, whoever asked for it. A shown code that
 * could still sign someone in is retired, so this check cannot be used to find one that does: all
 * it can open is one more code sent to her own WhatsApp.
 */
async function receivedRecently(tx: Tx, phone: string, code: string, now: Date) {
  const received = await tx.loginToken.findMany({
    where: { phone, createdAt: { gt: new Date(now.getTime() - HOUR_MS) } },
    select: { id: true, salt: true, codeHash: true, usedAt: true, invalidatedAt: true },
  });
  const shown = received.find((row) => safeEqualHex(hashCode(row.salt, code), row.codeHash));
  if (shown && !shown.usedAt && !shown.invalidatedAt) await tx.loginToken.update({ where: { id: shown.id }, data: { invalidatedAt: now } });
  return Boolean(shown);
}

async function isTrustedDevice(tx: Tx, phone: string, deviceKey: string | undefined) {
  if (!deviceKey) return false;
  const member = await tx.user.findUnique({
    where: { phone },
    select: { trustedDevices: { where: { deviceHash: sha256(deviceKey) }, select: { userId: true } } },
  });
  return Boolean(member?.trustedDevices.length);
}

export function createAuthService(deps: AuthDeps) {
  const { prisma, config, clock, log, whatsapp, sessions } = deps;

  /**
   * How long the code this device would verify for the phone (its newest, as `verifyLoginToken`
   * picks it) can still sign her in; nothing when it cannot. Told only to the browser that asked for
   * it (by its device cookie), with its cooldown: a page reloaded while she read WhatsApp returns to
   * the code she holds.
   */
  async function liveCodeOf(tx: Tx, ownCodes: Prisma.LoginTokenWhereInput, now: Date) {
    const newest = await tx.loginToken.findFirst({
      where: { ...ownCodes, invalidatedAt: null },
      orderBy: { createdAt: "desc" },
      select: { usedAt: true, attempts: true, expiresAt: true },
    });
    if (!newest || newest.usedAt || newest.attempts >= config.OTP_MAX_ATTEMPTS || newest.expiresAt <= now) return undefined;
    return { tokenExpiresInSeconds: secondsUntil(now, newest.expiresAt.getTime()) };
  }

  /**
   * Sends a fresh 6-digit code by WhatsApp for the asking device; that device's earlier code stops
   * working, other devices' codes do not. Answers the device key the door keeps in the device cookie
   * (a new one when the request carried none). The policy and its threat model: docs/decisions/0003-sign-in-token-otp-policy.md and 0172-a-stranger-cannot-hold-a-new-device-back.md;
   * "Sign-in token (OTP) policy" and "A stranger cannot hold a new device back".
   */
  async function sendLoginToken(input: SendLoginTokenInput, meta: SignInMeta) {
    refuseNul(input);
    const { e164Digits: phone } = phoneOf(input);
    const recentCode = input.recentCode == null || input.recentCode === "" ? null : String(input.recentCode).trim();
    if (recentCode !== null) {
      if (!TOKEN_PATTERN.test(recentCode)) throw new AppError("RECENT_CODE_INVALID", ERROR_TEXTS.recentCodeDigits);
      // Showing a code is a guess like a verification: it spends the address's allowance of those.
      if (meta.ip) {
        const verdict = await deps.verifyLimiter.hit(meta.ip);
        if (!verdict.allowed) throw new AppError("RATE_LIMITED_IP", undefined, { retryAfterSeconds: verdict.retryAfterSeconds });
      }
    }
    const now = clock.now();
    const code = randomDigits(LIMITS.tokenLength);
    const salt = randomToken(12);
    const deviceKey = meta.deviceKey ?? randomToken();
    const address = addressOf(meta);
    const ownCodes = deviceCodes(phone, meta);

    const token = await prisma.$transaction(async (tx) => {
      // One sender per phone at a time, so two quick clicks cannot both pass the cooldown.
      await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${phone}))) AS l`;
      if (address) {
        const fromAddress = await sendsInLastHour(tx, { ip: address }, config.OTP_SENDS_PER_IP_PER_HOUR, now);
        if (fromAddress.wait) throw new AppError("RATE_LIMITED_IP", undefined, { retryAfterSeconds: fromAddress.wait });
      }
      const fromDevice = await sendsInLastHour(tx, ownCodes, config.OTP_SENDS_PER_DEVICE_PER_HOUR, now);
      const cooldownEnds = fromDevice.recent.length
        ? fromDevice.recent[0].createdAt.getTime() + config.OTP_RESEND_COOLDOWN_SECONDS * 1000
        : 0;
      if (cooldownEnds > now.getTime()) {
        const wait = secondsUntil(now, cooldownEnds);
        throw new AppError("TOKEN_RESEND_COOLDOWN", ERROR_TEXTS.resendCooldown(wait), {
          retryAfterSeconds: wait,
          // A request without a device cookie may be anyone behind her address: it is only told to wait.
          details: meta.deviceKey ? await liveCodeOf(tx, ownCodes, now) : undefined,
        });
      }
      if (fromDevice.wait) throw phoneLimited(fromDevice.wait);
      // The ceiling spares her WhatsApp from floods: codes that signed someone in were no flood, a
      // device she has signed in with is never held by it, and any other passes by showing a code the
      // phone received, which a stranger flooding her never sees.
      const toPhone = await sendsInLastHour(tx, { phone, usedAt: null }, config.OTP_SENDS_PER_PHONE_PER_HOUR, now);
      if (toPhone.wait && !(await isTrustedDevice(tx, phone, meta.deviceKey))) {
        if (recentCode === null) throw ceilingReached(toPhone.wait);
        if (!(await receivedRecently(tx, phone, recentCode, now))) throw new AppError("RECENT_CODE_INVALID");
      }

      await tx.loginToken.updateMany({
        where: { ...ownCodes, usedAt: null, invalidatedAt: null },
        data: { invalidatedAt: now },
      });
      return tx.loginToken.create({
        data: {
          phone,
          codeHash: hashCode(salt, code),
          salt,
          createdAt: now,
          expiresAt: new Date(now.getTime() + config.OTP_TTL_SECONDS * 1000),
          ip: address,
          deviceHash: sha256(deviceKey),
          addressBound: !meta.deviceKey,
        },
      });
    });

    try {
      await whatsapp.sendLoginCode(phone, code);
    } catch (error) {
      // The code never reached her: forget it so she can ask again at once.
      await prisma.loginToken.deleteMany({ where: { id: token.id } });
      const message = error instanceof WhatsAppSendError ? error.message : undefined;
      log.warn({ err: error, phone: `+${phone}` }, "WhatsApp login code not sent");
      throw new AppError("WHATSAPP_SEND_FAILED", message);
    }
    return {
      success: true as const,
      resendAfterSeconds: config.OTP_RESEND_COOLDOWN_SECONDS,
      expiresInSeconds: config.OTP_TTL_SECONDS,
      deviceKey,
    };
  }

  /**
   * Checks the code against the newest one sent for the asking device; on success creates the
   * member on first sign-in, opens a session and trusts the device for her phone.
   */
  async function verifyLoginToken(
    input: VerifyLoginTokenInput,
    meta: SignInMeta,
  ): Promise<{ user: UserDTO; session: { token: string; expiresAt: Date } }> {
    refuseNul(input);
    if (meta.ip) {
      const verdict = await deps.verifyLimiter.hit(meta.ip);
      if (!verdict.allowed) throw new AppError("RATE_LIMITED_IP", undefined, { retryAfterSeconds: verdict.retryAfterSeconds });
    }
    const code = String(input.token ?? "").trim();
    if (!TOKEN_PATTERN.test(code)) throw new AppError("TOKEN_INVALID", ERROR_TEXTS.tokenDigits);
    const { e164Digits: phone, country } = phoneOf(input);
    const now = clock.now();

    const latest = await prisma.loginToken.findFirst({
      where: { ...deviceCodes(phone, meta), invalidatedAt: null },
      orderBy: { createdAt: "desc" },
    });
    if (!latest) throw new AppError("TOKEN_NOT_REQUESTED");
    if (latest.usedAt) throw new AppError("TOKEN_USED");
    if (latest.expiresAt <= now) throw new AppError("TOKEN_EXPIRED");

    // Take one try before comparing, atomically, so parallel guesses cannot exceed the limit.
    const reserved = await prisma.loginToken.updateMany({
      where: { id: latest.id, usedAt: null, attempts: { lt: config.OTP_MAX_ATTEMPTS } },
      data: { attempts: { increment: 1 } },
    });
    if (reserved.count === 0) {
      const again = await prisma.loginToken.findUnique({ where: { id: latest.id } });
      throw new AppError(again?.usedAt ? "TOKEN_USED" : "TOKEN_TOO_MANY_ATTEMPTS");
    }
    if (!safeEqualHex(hashCode(latest.salt, code), latest.codeHash)) {
      const left = config.OTP_MAX_ATTEMPTS - (latest.attempts + 1);
      throw new AppError(
        "TOKEN_INVALID",
        left > 0 ? `Token incorreto. Restam ${left} ${left === 1 ? "tentativa" : "tentativas"}` : "Token incorreto",
        { details: { attemptsLeft: Math.max(0, left) } },
      );
    }

    const { user, session, promoted, created } = await prisma.$transaction(async (tx) => {
      const consumed = await tx.loginToken.updateMany({ where: { id: latest.id, usedAt: null }, data: { usedAt: now } });
      if (consumed.count === 0) throw new AppError("TOKEN_USED");
      let user = await tx.user.findUnique({ where: { phone } });
      // Suspended by the staff (issue 27): no session while it lasts (the code stays unused: rolled back).
      if (user && isSuspended(user, now)) throw new AppError("ACCOUNT_SUSPENDED", suspensionMessage(user.suspendedUntil));
      let promoted = false;
      const created = !user;
      // A phone a superuser added before she had an account (the lock orders it with that addition).
      let invite = null;
      if (user?.role !== "superuser") {
        if (!user) await lockSuperuserPhone(tx, phone);
        invite = await tx.superuserInvite.findUnique({ where: { phone } });
        if (invite?.appliedAt) invite = null;
      }
      const isSuperPhone = config.SUPERUSER_PHONES.includes(phone) || invite !== null;
      if (!user) {
        const referrerId = userIdFromReferralCode(input.referralCode);
        const referrer = referrerId ? await tx.user.findUnique({ where: { id: referrerId }, select: { id: true } }) : null;
        user = await tx.user.create({
          data: {
            phone,
            countryCode: country,
            whatsapp: phone,
            plan: "nobreza",
            role: isSuperPhone ? "superuser" : "member",
            referredById: referrer?.id ?? null,
            createdAt: now,
          },
        });
      } else if (isSuperPhone && user.role !== "superuser") {
        user = await tx.user.update({ where: { id: user.id }, data: { role: "superuser" } });
        promoted = true;
      }
      if (invite) {
        await tx.superuserInvite.update({ where: { id: invite.id }, data: { appliedAt: now } });
        await writeAudit(tx, {
          actorId: null,
          action: "superuser.invite.applied",
          targetType: "User",
          targetId: user.id,
          data: { phone, inviteId: invite.id, addedById: invite.addedById },
          at: now,
        });
      }
      const session = await sessions.create(tx, user.id, meta);
      if (meta.deviceKey) {
        const deviceHash = sha256(meta.deviceKey);
        await tx.trustedDevice.upsert({
          where: { userId_deviceHash: { userId: user.id, deviceHash } },
          create: { userId: user.id, deviceHash, lastSignInAt: now },
          update: { lastSignInAt: now },
        });
      }
      return { user, session, promoted, created };
    });
    if (created) deps.statsTouched?.();
    // Her other sessions' connections were opened under the old role.
    if (promoted) sessions.endConnections(user.id, { exceptSessionId: session.id });
    return { user: toUserDTO(user), session };
  }

  /**
   * Housekeeping: deletes sign-in codes sent over a day ago (a code lives minutes, and the send
   * limits look back one hour) and the sessions that have expired. Answers what it deleted.
   */
  async function prune() {
    const codes = await prisma.loginToken.deleteMany({ where: { createdAt: { lt: new Date(clock.now().getTime() - LOGIN_TOKENS_KEPT_MS) } } });
    const expiredSessions = await sessions.pruneExpired();
    return { loginTokens: codes.count, sessions: expiredSessions };
  }

  return { sendLoginToken, verifyLoginToken, logout: (token: string | undefined) => sessions.destroy(token), prune };
}

export type AuthService = ReturnType<typeof createAuthService>;
