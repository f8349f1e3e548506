import { createHash, randomBytes } from "node:crypto";
import type { Config } from "./config.js";
import { AUTH_PRUNE_EVERY_MS, createAuthService } from "./domains/auth/auth.service.js";
import { createLimiter } from "./lib/rate-limit.js";
import { createSessionStore } from "./domains/auth/sessions.js";
import { createProfileService } from "./domains/users/profile.service.js";
import { createMembersService } from "./domains/users/members.service.js";
import { createOffersService } from "./domains/offers/offers.service.js";
import { createConversationsService } from "./domains/conversations/conversations.service.js";
import { createSafetyService } from "./domains/safety/safety.service.js";
import { createNotificationsService } from "./domains/notifications/notifications.service.js";
import { createPresenceService } from "./domains/presence/presence.service.js";
import { createReportsService } from "./domains/reports/reports.service.js";
import { createBannersService } from "./domains/banners/banners.service.js";
import { createPlansService } from "./domains/plans/plans.service.js";
import { createInvitationsService } from "./domains/invitations/invitations.service.js";
import { createBillingService } from "./domains/billing/billing.service.js";
import { createStatsService, createStatsSignal } from "./domains/admin/stats.service.js";
import { createReportsAdminService } from "./domains/admin/reports-admin.service.js";
import { createSuspensionsService, SUSPENSIONS_SWEEP_MS } from "./domains/admin/suspensions.service.js";
import { createSuperusersService } from "./domains/admin/superusers.service.js";
import { createAdminUsersService } from "./domains/admin/admin-users.service.js";
import { createAuditService } from "./domains/admin/audit.js";
import { createSponsorsService } from "./domains/admin/sponsors.service.js";
import { createExportsService } from "./domains/admin/exports.js";
import { createPartnerKeysService } from "./domains/partners/partner-keys.service.js";
import { createPartnerDataService } from "./domains/partners/partner-data.service.js";
import { createConsentsService } from "./domains/privacy/consents.service.js";
import { createDataSharingService } from "./domains/privacy/data-sharing.service.js";
import { createDataExportService, DATA_EXPORT_SWEEP_MS } from "./domains/privacy/data-export.service.js";
import type { AsaasWebhookEvent, PaymentProvider } from "./providers/payments/payments.js";
import { AsaasPaymentProvider } from "./providers/payments/asaas.js";
import { LocalPaymentProvider } from "./providers/payments/local.js";
import { createBus, listenTo } from "./lib/bus.js";
import { createJobs } from "./lib/jobs.js";
import { busCounters, type Metrics } from "./lib/metrics.js";
import type { BusEvents } from "./events.js";
import type { Clock } from "./lib/clock.js";
import type { Database } from "./lib/db.js";
import type { Logger } from "./lib/log.js";
import type { TextImprover } from "./providers/ai/ai.js";
import { LocalTextImprover } from "./providers/ai/local.js";
import { OpenAiTextImprover } from "./providers/ai/openai.js";
import { CloudWhatsAppSender } from "./providers/whatsapp/cloud.js";
import { LocalWhatsAppSender } from "./providers/whatsapp/local.js";
import type { WhatsAppSender } from "./providers/whatsapp/whatsapp.js";
import type { CepLookup } from "./providers/cep/cep.js";
import { LocalCepLookup } from "./providers/cep/local.js";
import { ViaCepLookup } from "./providers/cep/viacep.js";
import { createStorage } from "./providers/storage/create.js";
import type { Storage } from "./providers/storage/storage.js";
import { createQueue } from "./lib/queue.js";
import { createPushService } from "./domains/push/push.service.js";
import { createWhatsAppNoticeHandler } from "./domains/push/whatsapp-notice.js";
import { LocalPushSender } from "./providers/push/local.js";
import type { PushSender } from "./providers/push/push.js";
import { resolveVapidKeys } from "./providers/push/vapid.js";
import { WebPushSender } from "./providers/push/webpush.js";

export { createStorage };

export function createWhatsAppSender(config: Config, log: Logger, clock: Clock): WhatsAppSender {
  if (config.WHATSAPP_PROVIDER === "cloud") {
    return new CloudWhatsAppSender({
      apiUrl: config.WHATSAPP_API_URL,
      apiVersion: config.WHATSAPP_API_VERSION,
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID!,
      accessToken: config.WHATSAPP_ACCESS_TOKEN!,
      templateName: config.WHATSAPP_TEMPLATE_NAME,
      templateLanguage: config.WHATSAPP_TEMPLATE_LANGUAGE,
      messageTemplateName: config.WHATSAPP_MESSAGE_TEMPLATE_NAME,
    });
  }
  return new LocalWhatsAppSender(log, () => clock.now());
}

export function createTextImprover(config: Config, log?: Logger): TextImprover {
  if (config.AI_PROVIDER === "openai") {
    return new OpenAiTextImprover({ apiUrl: config.AI_API_URL, apiKey: config.AI_API_KEY!, model: config.AI_MODEL! });
  }
  return new LocalTextImprover({ log });
}

export function createCepLookup(config: Config): CepLookup {
  return config.CEP_PROVIDER === "viacep" ? new ViaCepLookup({ apiUrl: config.CEP_API_URL }) : new LocalCepLookup();
}

/**
 * The payment provider. The local one confirms payments by calling `deliver` with ASAAS's webhook
 * event, which the app sends to its own webhook route (see `createServices`).
 */
export function createPaymentProvider(config: Config, log: Logger, clock: Clock, deliver: (event: AsaasWebhookEvent) => Promise<void>): PaymentProvider {
  if (config.PAYMENTS_PROVIDER === "asaas") {
    return new AsaasPaymentProvider({ apiUrl: config.ASAAS_API_URL, apiKey: config.ASAAS_API_KEY! });
  }
  return new LocalPaymentProvider({ now: () => clock.now(), deliver, log });
}

/** The Web Push sender and its public key: null while push is off (docs/decisions/0278). */
export function createPushSender(config: Config, log: Logger): { sender: PushSender | null; publicKey: string | null } {
  const vapid = resolveVapidKeys(config, log);
  if (!vapid) return { sender: null, publicKey: null };
  return { sender: config.PUSH_PROVIDER === "local" ? new LocalPushSender(log) : new WebPushSender(vapid), publicKey: vapid.publicKey };
}

/** Done jobs of the durable queue are kept this long (for the operator), then purged. */
export const QUEUE_PURGE_EVERY_MS = 3_600_000;

/** Failed API-key attempts one address may make per minute before every key it sends is refused for a while. */
export const PARTNER_KEY_FAILURES_PER_MINUTE = 30;

/** Every domain service, wired once per app instance; both doors (GraphQL and REST) call these. */
export function createServices(options: { config: Config; db: Database; clock: Clock; log: Logger; storage?: Storage; metrics?: Metrics | null }) {
  const { config, db, clock, log } = options;
  const metrics = options.metrics ?? null;
  const prisma = db.prisma;
  // Names this deployment's data in shared Redis keys and channels (never the URL itself: it may hold a password).
  const redisPrefix = `coroa:${createHash("sha256").update(config.DATABASE_URL ?? config.DATA_DIR).digest("hex").slice(0, 12)}`;
  const bus = createBus<BusEvents>(config.REDIS_URL, log, `${redisPrefix}:`, metrics ? busCounters(metrics) : undefined);
  // Timed work runs on one instance at a time across instances sharing the database (lib/jobs.ts).
  const jobs = createJobs({ db: db.raw, log, metrics });
  /** A limiter named for what it counts, shared by the instances through Redis when configured. */
  const limiter = (name: string, points: number, durationSeconds: number) => createLimiter({ bus, redisPrefix, name, points, durationSeconds });
  const whatsapp = createWhatsAppSender(config, log, clock);
  /** Told by the services whose writes move the admin dashboard's counts (throttled per instance). */
  const statsSignal = createStatsSignal(bus);
  const statsTouched = () => statsSignal.touch();
  const sessions = createSessionStore({ prisma, clock, bus, log, days: config.SESSION_DAYS, cacheMs: config.SESSION_CACHE_MS });
  const auth = createAuthService({
    prisma,
    config,
    clock,
    log,
    bus,
    whatsapp,
    sessions,
    verifyLimiter: limiter("otp-verify", config.OTP_VERIFIES_PER_IP_PER_10MIN, 600),
    statsTouched,
  });
  const storage = options.storage ?? createStorage(config, db);
  const cep = createCepLookup(config);
  const limits = {
    /** GraphQL without a session, per address (the door checks it). */
    anonymousGraphql: limiter("gql-anon", config.GRAPHQL_ANONYMOUS_PER_MINUTE, 60),
    /** GraphQL with a partner's API key, per key (the door checks it). */
    partnerRequests: limiter("partner-requests", config.PARTNER_REQUESTS_PER_MINUTE, 60),
    /** Unknown or revoked API keys, per address: keys cannot be tried quickly. */
    partnerKeyFailures: limiter("partner-key-failures", PARTNER_KEY_FAILURES_PER_MINUTE, 60),
  };
  const offers = createOffersService({
    prisma,
    clock,
    log,
    bus,
    ai: createTextImprover(config, log),
    boardCacheMs: config.BOARD_CACHE_MS,
    improveLimiter: limiter("improve-text", config.IMPROVE_TEXT_PER_HOUR, 3600),
    likeLimiter: limiter("likes", config.LIKES_PER_MINUTE, 60),
  });
  const profile = createProfileService({
    prisma,
    clock,
    bus,
    log,
    storage,
    cep,
    board: offers,
    sessions,
    sponsorsChanged: () => partnerData.sponsorsChanged(),
    uploadLimiter: limiter("uploads", config.UPLOADS_PER_HOUR, 3600),
    saveLimiter: limiter("profile-saves", config.PROFILE_SAVES_PER_HOUR, 3600),
    cpfChangeLimiter: limiter("cpf-changes", config.CPF_CHANGES_PER_DAY, 86_400),
  });
  const notifications = createNotificationsService({ prisma, clock, bus });
  const conversations = createConversationsService({
    prisma,
    clock,
    log,
    bus,
    whatsapp,
    sendLimiter: limiter("messages", config.MESSAGES_PER_MINUTE, 60),
    statsTouched,
  });
  const safety = createSafetyService({
    prisma,
    clock,
    bus,
    boardChanged: (authorId) => offers.authorChanged(authorId),
    userChanged: (user) => {
      sessions.userChanged(user.id);
      offers.authorChanged(user.id);
    },
  });
  const presence = createPresenceService({ prisma, clock, log, bus, redisPrefix, statsTouched, runOnce: jobs.runOnce });
  const reports = createReportsService({ prisma, clock, log, bus, statsTouched, reportsToHide: config.REPORTS_TO_HIDE, board: offers });
  const plans = createPlansService({
    prisma,
    clock,
    promoLimiter: limiter("promo-codes", config.PROMO_CHECKS_PER_HOUR, 3600),
  });
  // The local provider's webhooks need a token too: one of this process's own when none is configured.
  const webhookToken = config.ASAAS_WEBHOOK_TOKEN || (config.PAYMENTS_PROVIDER === "local" ? randomBytes(24).toString("hex") : null);
  /** Where this instance's own webhook route answers, once it listens (the local provider posts there). */
  let ownWebhookUrl: string | null = null;
  const deliverToOwnWebhook = async (event: AsaasWebhookEvent) => {
    if (!ownWebhookUrl) {
      await billing.receiveWebhook(webhookToken, event);
      return;
    }
    const response = await fetch(ownWebhookUrl, {
      method: "POST",
      headers: { "content-type": "application/json", "asaas-access-token": webhookToken ?? "" },
      body: JSON.stringify(event),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new Error(`own webhook answered ${response.status}`);
  };
  const payments = createPaymentProvider(config, log, clock, deliverToOwnWebhook);
  const billing = createBillingService({
    prisma,
    clock,
    log,
    bus,
    provider: payments,
    plans,
    planWriter: profile,
    graceDays: config.PAYMENT_GRACE_DAYS,
    webhookToken,
    checkoutLimiter: limiter("checkouts", config.CHECKOUTS_PER_HOUR, 3600),
    // The demo control exists only outside production, like the WhatsApp outbox: even with simulated
    // payments allowed there, no member can confirm her own payment.
    confirmLocally:
      payments instanceof LocalPaymentProvider && config.NODE_ENV !== "production" ? (payment) => payments.confirm(payment) : undefined,
  });
  jobs.every("billing-sweep", config.BILLING_SWEEP_SECONDS * 1000, () => billing.sweep({ stopping: jobs.stopping }));
  jobs.every("housekeeping", AUTH_PRUNE_EVERY_MS, () => auth.prune());
  // Staff tools (issue 12): every function checks the admin policy itself.
  const adminStats = createStatsService({ prisma, clock, log, bus });
  const adminReports = createReportsAdminService({ prisma, clock, log, bus, board: offers, statsTouched });
  const superusers = createSuperusersService({ prisma, clock, sessions });
  const adminUsers = createAdminUsersService({ prisma, billing, clock });
  const suspensions = createSuspensionsService({ prisma, clock, log, sessions, board: offers });
  jobs.every("suspensions-sweep", SUSPENSIONS_SWEEP_MS, () => suspensions.sweep());
  const auditLog = createAuditService({ prisma });
  const sponsors = createSponsorsService({ prisma, clock });
  const exports = createExportsService({ prisma, clock, log, sponsors });
  const banners = createBannersService({ prisma, clock, log, bus, storage, runOnce: jobs.runOnce });
  const partnerKeys = createPartnerKeysService({ prisma, clock, bus, log });
  const partnerData = createPartnerDataService({ prisma, clock, bus, log });
  // Her consents and who saw her data (issue 30).
  const consents = createConsentsService({ prisma, clock, userChanged: (userId) => void profile.userChanged(userId).catch((err: unknown) => log.warn({ err, userId }, "consent change not published")), sponsorsChanged: () => partnerData.sponsorsChanged() });
  const dataSharing = createDataSharingService({ prisma, clock });
  // 'Baixar meus dados': the zip is made by a queue job and removed from the storage a day later.
  const dataExports = createDataExportService({ prisma, clock, log, bus, storage, consents: consents.consents, dataSharing: dataSharing.dataSharing, notificationPreferences: notifications.getPreferences });
  jobs.every("data-exports-sweep", DATA_EXPORT_SWEEP_MS, () => dataExports.sweep());
  const { sender: pushSender, publicKey: pushPublicKey } = createPushSender(config, log);
  const push = createPushService({
    prisma,
    clock,
    log,
    sender: pushSender,
    publicKey: pushPublicKey,
    endpointHosts: config.PUSH_ENDPOINT_HOSTS,
    allowLoopback: config.NODE_ENV !== "production",
  });
  // The durable queue (lib/queue.ts): the app starts its polling; stopJobs stops it at a safe point.
  const queue = createQueue({
    db: db.raw,
    log,
    metrics,
    pollMs: config.QUEUE_POLL_MS,
    leaseMs: config.QUEUE_LEASE_SECONDS * 1000,
    retryBaseMs: config.QUEUE_RETRY_BASE_SECONDS * 1000,
    maxAttempts: config.QUEUE_MAX_ATTEMPTS,
    handlers: {
      push: (payload) => push.deliver(payload),
      whatsapp_new_message: createWhatsAppNoticeHandler({ prisma, clock, whatsapp }),
      data_export: (payload, job) => dataExports.prepare(payload, job),
    },
  });
  jobs.every("queue-purge", QUEUE_PURGE_EVERY_MS, () => queue.purgeDone());
  // Jobs stored on any instance wake every instance's worker (a missed wake waits for the next poll).
  listenTo(bus.pubsub.subscribe("jobs:queued"), () => queue.wake(), log, "the queue's wake (jobs:queued)");
  async function stopJobs() {
    presence.stop();
    banners.stop();
    await Promise.all([jobs.stop(), queue.stop()]);
  }
  return {
    config,
    db,
    prisma,
    clock,
    log,
    bus,
    whatsapp,
    /** The local sender's outbox while it is the sender, outside production; else null. */
    devOutbox: whatsapp instanceof LocalWhatsAppSender && config.NODE_ENV !== "production" ? whatsapp : null,
    sessions,
    auth,
    offers,
    storage,
    cep,
    profile,
    members: createMembersService({ prisma }),
    conversations,
    notifications,
    safety,
    presence,
    reports,
    banners,
    plans,
    billing,
    invitations: createInvitationsService({ prisma, lookupLimiter: limiter("affiliate-lookups", config.AFFILIATE_LOOKUPS_PER_MINUTE, 60) }),
    payments,
    adminStats,
    adminReports,
    superusers,
    adminUsers,
    suspensions,
    auditLog,
    sponsors,
    exports,
    partnerKeys,
    partnerData,
    consents,
    dataSharing,
    dataExports,
    push,
    pushSender,
    queue,
    /** The app tells billing where its webhook route answers once it listens. */
    setOwnWebhookUrl(url: string) {
      ownWebhookUrl = url;
    },
    limits,
    jobs,
    metrics,
    /** Stops the timed work at a safe point (a run in progress ends first); `close` does it too. */
    stopJobs,
    async close() {
      await stopJobs();
      adminStats.stop();
      statsSignal.stop();
      sessions.stop();
      offers.stop();
      await partnerData.stop();
      await partnerKeys.stop().catch((error: unknown) => log.warn({ err: error }, "partner key usage not written at shutdown"));
      await bus.close();
      storage.close?.();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
