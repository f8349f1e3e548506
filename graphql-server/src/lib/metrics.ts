import client from "prom-client";

/**
 * The operation names of the web client's documents (web/src/gql): each has its own label on the
 * GraphQL metrics; any other name (a partner's, a script's, a made-up one) is counted as "other",
 * so the labels stay bounded whatever clients send. metrics.test.ts keeps this list in step.
 */
export const KNOWN_OPERATIONS: ReadonlySet<string> = new Set([
  "AddSuperUser", "MyPrivacy", "PendingConsents", "SetConsent", "AddressByCep", "AdminBanners", "AdminChangePlan", "AdminReports", "AdminStats", "AdminStatsChanged",
  "AdminUser", "AdminUsers", "AppInfo", "AuditLog", "AuthorProfile", "Banners", "BannersUpdated", "BlockMember", "BoardOffer",
  "BoardOffers", "CancelSubscription", "CommunityStats", "Conversation", "Conversations", "CreateBanner", "CreateOffer",
  "CreatePartnerApiKey", "CreateSubscription", "DeleteAccount", "DeleteBanner", "DeleteConversation", "DeleteOffer",
  "ImproveOfferText", "LiftSuspension", "Logout", "MarkConversationRead", "Me", "MeUpdated", "Members", "MessageAdded",
  "MessageMember", "Messages", "MuteMember", "MyBilling", "MyOffers", "MyPayments", "MyProfile", "NewMessageNotifications",
  "OffersChanged", "PartnerApiKeys", "PaymentUpdated", "PaymentsProvider", "PresenceChanged", "PushPublicKey", "ReferralStats",
  "RegisterImperatrizInterest", "ReplaceBannerImage", "ReportAdded", "ReportMember", "ReportMessage", "ReportOffer",
  "RevokePartnerApiKey", "SafetySettings", "SearchConversations", "SendLoginToken", "SendMessage", "SetConversationsFrom",
  "SetOnlineStatus", "SponsorUsers", "StartConversation", "SubscribePush", "SuperUsers", "SuspendMember", "ToggleLike", "UnblockMember",
  "UnmuteMember", "UnreadCount", "UnsubscribePush", "UnreadCountChanged", "UpdateBanner", "UpdateOffer", "UpdateProfile", "UpdateReportStatus",
  "ValidatePromoCode", "VerifyLoginToken",
  // 'Avisos' and her notification preferences (issue 29).
  "ConversationNotices", "MarkNotificationsRead", "MuteConversationNotices", "NotificationCentre", "NotificationCentreChanged",
  "NotificationPreferences", "NotificationUnread", "UnmuteConversationNotices", "UpdateNotificationPreferences",
  // 'Baixar meus dados' and the staff's preparation of it (issue 30).
  "MyDataExport", "RequestDataExport", "DataExportProgress", "AdminDataExports", "AdminPrepareDataExport",
]);

/** The label of an operation name: itself when the web client sends it, "anonymous" without one, else "other". */
export function operationLabel(name: string | null | undefined): string {
  if (!name) return "anonymous";
  return KNOWN_OPERATIONS.has(name) ? name : "other";
}

/** A bus topic without the member or conversation id of per-id topics ("message:added:12" → "message:added"). */
export function topicLabel(topic: string): string {
  return topic.split(":", 2).join(":");
}

const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * This instance's Prometheus metrics (GET /metrics, with METRICS_TOKEN). Labels name routes,
 * operations, topics, jobs and states: never a member, a phone or an id. Gauges that read live
 * state (sockets, subscriptions, the pool) are filled by the app through `observe`.
 */
export function createMetrics() {
  const registry = new client.Registry();
  // Memory, CPU, event-loop delay, GC, handles: prom-client's own set.
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const live: { sockets?: () => Record<string, number>; subscriptions?: () => number; pool?: () => { total: number; idle: number; waiting: number } } = {};

  const metrics = {
    registry,
    httpRequests: new client.Counter({
      name: "coroa_http_requests_total",
      help: "HTTP requests answered, by method, route pattern and status",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    httpDuration: new client.Histogram({
      name: "coroa_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by method and route pattern",
      labelNames: ["method", "route"] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    graphqlOperations: new client.Counter({
      name: "coroa_graphql_operations_total",
      help: "GraphQL operations over HTTP, by operation name (the web client's; others as 'other'), type and outcome",
      labelNames: ["operation", "type", "outcome"] as const,
      registers,
    }),
    graphqlDuration: new client.Histogram({
      name: "coroa_graphql_operation_duration_seconds",
      help: "Time to answer a GraphQL operation over HTTP, by operation name and type",
      labelNames: ["operation", "type"] as const,
      buckets: DURATION_BUCKETS,
      registers,
    }),
    busPublished: new client.Counter({
      name: "coroa_bus_published_total",
      help: "Events this instance published on the bus, by topic",
      labelNames: ["topic"] as const,
      registers,
    }),
    busDelivered: new client.Counter({
      name: "coroa_bus_delivered_total",
      help: "Events handed to this instance's subscribers (one per subscriber), by topic",
      labelNames: ["topic"] as const,
      registers,
    }),
    busLag: new client.Histogram({
      name: "coroa_bus_delivery_lag_seconds",
      help: "Time from an event's arrival on this instance (published here or received from Redis) to its last local subscriber",
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    }),
    jobRuns: new client.Counter({
      name: "coroa_job_runs_total",
      help: "Timed jobs: ran here, skipped (another instance or run held it) or failed",
      labelNames: ["job", "outcome"] as const,
      registers,
    }),
    jobDuration: new client.Histogram({
      name: "coroa_job_duration_seconds",
      help: "Duration of the timed jobs that ran here",
      labelNames: ["job"] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    }),
    queueJobs: new client.Counter({
      name: "coroa_queue_jobs_total",
      help: "Durable queue jobs run here, by kind and outcome: done, skipped (nothing to send), retry (due again later) or failed",
      labelNames: ["kind", "outcome"] as const,
      registers,
    }),
    /** Lets the app tell where the live figures are read. */
    observe(sources: typeof live) {
      Object.assign(live, sources);
    },
  };

  new client.Gauge({
    name: "coroa_websockets_open",
    help: "WebSockets open on this instance, by path",
    labelNames: ["path"] as const,
    registers,
    collect() {
      for (const [path, count] of Object.entries(live.sockets?.() ?? {})) this.set({ path }, count);
    },
  });
  new client.Gauge({
    name: "coroa_graphql_subscriptions_active",
    help: "GraphQL subscriptions running on this instance's graphql-ws sockets",
    registers,
    collect() {
      this.set(live.subscriptions?.() ?? 0);
    },
  });
  new client.Gauge({
    name: "coroa_db_pool_connections",
    help: "PostgreSQL pool of this instance: connections in use and idle, and requests waiting for one",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const pool = live.pool?.();
      if (!pool) return;
      this.set({ state: "in_use" }, pool.total - pool.idle);
      this.set({ state: "idle" }, pool.idle);
      this.set({ state: "waiting" }, pool.waiting);
    },
  });
  return metrics;
}

export type Metrics = ReturnType<typeof createMetrics>;

/** What the bus tells about its events (lib/bus.ts), for the metrics. */
export interface BusCounters {
  published(topic: string): void;
  delivered(topic: string, listeners: number, lagMs: number): void;
}

export function busCounters(metrics: Metrics): BusCounters {
  return {
    published: (topic) => metrics.busPublished.inc({ topic: topicLabel(topic) }),
    delivered: (topic, listeners, lagMs) => {
      if (listeners) metrics.busDelivered.inc({ topic: topicLabel(topic) }, listeners);
      metrics.busLag.observe(lagMs / 1000);
    },
  };
}
