import { isAbsolute, resolve } from "node:path";
import { z } from "zod";

const bool = z
  .enum(["true", "false", "1", "0", ""])
  .optional()
  .transform((v) => v === "true" || v === "1");

const phoneList = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? "")
      .split(",")
      .map((p) => p.replace(/\D/g, ""))
      .filter(Boolean),
  );

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default(".data"),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, "must be a redis:// or rediss:// URL")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    PUBLIC_URL: z.url().optional().or(z.literal("").transform(() => undefined)),
    SUPERUSER_PHONES: phoneList,
    SEED_DEMO: z.enum(["auto", "never", "always"]).default("auto"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    TRUST_PROXY: z.string().default("loopback"),
    WEB_DIST: z.string().optional(),
    /**
     * On SIGTERM or SIGINT: longest the requests in flight may take to finish before the process
     * ends them and exits (readiness turns 503 at once; sockets close with 1012).
     */
    SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(10),
    /** Bearer token of GET /metrics (Prometheus); unset: /metrics answers 404. */
    METRICS_TOKEN: z
      .string()
      .min(16, "use at least 16 characters")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    // Sign-in policy
    OTP_TTL_SECONDS: z.coerce.number().int().positive().default(600),
    OTP_RESEND_COOLDOWN_SECONDS: z.coerce.number().int().min(0).default(60),
    OTP_MAX_ATTEMPTS: z.coerce.number().int().positive().default(5),
    /** Codes one device may ask for one phone per hour. */
    OTP_SENDS_PER_DEVICE_PER_HOUR: z.coerce.number().int().positive().default(5),
    /**
     * Codes a phone receives per hour across devices, not counting those that signed someone in;
     * devices she signed in with are exempt, others pass by showing a code the phone received.
     */
    OTP_SENDS_PER_PHONE_PER_HOUR: z.coerce.number().int().positive().default(10),
    OTP_SENDS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(30),
    OTP_VERIFIES_PER_IP_PER_10MIN: z.coerce.number().int().positive().default(60),
    SESSION_DAYS: z.coerce.number().int().positive().default(30),
    /**
     * Longest a resolved session (with her user row) is trusted from this instance's memory; logout,
     * account deletion, plan and role changes drop it at once on every instance (bus). 0 turns it off.
     */
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
    /** Messages one member may send per minute (anti-spam; shared by the instances through Redis). */
    MESSAGES_PER_MINUTE: z.coerce.number().int().positive().default(60),
    /** Connections in the PostgreSQL pool of one instance. */
    DATABASE_POOL_MAX: z.coerce.number().int().positive().default(20),
    /** GraphQL requests one address may make per minute without a session. */
    GRAPHQL_ANONYMOUS_PER_MINUTE: z.coerce.number().int().positive().default(300),
    /**
     * Sockets (graphql-ws, /chat, /notifications) one instance keeps open at once: from one address,
     * signed in or not (many members may share a carrier's address); from one address without a session;
     * of one member (ten tabs use about ten).
     */
    SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(400),
    ANONYMOUS_SOCKETS_PER_ADDRESS: z.coerce.number().int().positive().default(50),
    SOCKETS_PER_MEMBER: z.coerce.number().int().positive().default(30),
    /** Likes and unlikes one member may make per minute (each one is pushed to every board watching). */
    LIKES_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Photo and banner uploads one member may make per hour. */
    UPLOADS_PER_HOUR: z.coerce.number().int().positive().default(30),
    /** 'Meu Perfil' saves one member may make per hour. */
    PROFILE_SAVES_PER_HOUR: z.coerce.number().int().positive().default(30),
    /** Saves with a CPF other than her stored one that one member may make per day. */
    CPF_CHANGES_PER_DAY: z.coerce.number().int().positive().default(5),
    /** Promo-code checks one member may make per hour (the checkout checks as she types). */
    PROMO_CHECKS_PER_HOUR: z.coerce.number().int().positive().default(60),
    /** 'Ajustar por IA' requests one member may make per hour. */
    IMPROVE_TEXT_PER_HOUR: z.coerce.number().int().positive().default(30),
    /** Longest a board page is served from memory (writes drop it at once); 0 turns the cache off. */
    BOARD_CACHE_MS: z.coerce.number().int().min(0).default(10_000),
    /** Open reports from distinct members that take an offer off the board until the staff decide (issue 27). */
    REPORTS_TO_HIDE: z.coerce.number().int().positive().default(3),
    // WhatsApp provider
    WHATSAPP_PROVIDER: z.enum(["local", "cloud"]).default("local"),
    ALLOW_LOCAL_WHATSAPP_IN_PRODUCTION: bool,
    WHATSAPP_API_URL: z.url().default("https://graph.facebook.com"),
    WHATSAPP_API_VERSION: z.string().default("v21.0"),
    WHATSAPP_PHONE_NUMBER_ID: z.string().optional(),
    WHATSAPP_ACCESS_TOKEN: z.string().optional(),
    WHATSAPP_TEMPLATE_NAME: z.string().default("codigo_de_acesso"),
    WHATSAPP_TEMPLATE_LANGUAGE: z.string().default("pt_BR"),
    /** Utility template for new-message notices; body parameters: sender name, offer title. */
    WHATSAPP_MESSAGE_TEMPLATE_NAME: z.string().default("nova_mensagem"),
    // Payments: a simulated ASAAS for development and demos, or ASAAS's v3 API
    PAYMENTS_PROVIDER: z.enum(["local", "asaas"]).default("local"),
    ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION: bool,
    ASAAS_API_URL: z.url().default("https://api-sandbox.asaas.com/v3"),
    ASAAS_API_KEY: z.string().optional(),
    /** The token set in ASAAS's webhook settings; it arrives in the asaas-access-token header. */
    ASAAS_WEBHOOK_TOKEN: z.string().optional(),
    /** Days an overdue payment keeps her plan before it returns to nobreza. */
    PAYMENT_GRACE_DAYS: z.coerce.number().int().min(0).max(60).default(5),
    /** Invitation lookups (GET /api/affiliate/{code}) one address may make per minute. */
    AFFILIATE_LOOKUPS_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** Requests one partner API key may make per minute (every instance together when REDIS_URL is set). */
    PARTNER_REQUESTS_PER_MINUTE: z.coerce.number().int().positive().default(600),
    /** Checkouts one member may start per hour (each creates records at the payment provider). */
    CHECKOUTS_PER_HOUR: z.coerce.number().int().positive().default(20),
    /** How often one instance looks for overdue plans past their grace period and cancellations to retry. */
    BILLING_SWEEP_SECONDS: z.coerce.number().int().positive().default(300),
    // Web Push (issue 29): the VAPID key pair (npx web-push generate-vapid-keys); see providers/push/vapid.ts
    PUSH_PROVIDER: z.enum(["webpush", "local"]).default("webpush"),
    VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{87}$/, "must be an uncompressed P-256 public key in base64url (87 characters)").optional().or(z.literal("").transform(() => undefined)),
    VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{43}$/, "must be a P-256 private key in base64url (43 characters)").optional().or(z.literal("").transform(() => undefined)),
    VAPID_SUBJECT: z.string().regex(/^(mailto:|https:\/\/)/, "must be a mailto: or https:// URL").optional().or(z.literal("").transform(() => undefined)),
    /** Hosts a push endpoint may name (comma-separated; "*.example.com" covers its subdomains). */
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .default("fcm.googleapis.com,updates.push.services.mozilla.com,*.push.apple.com,*.notify.windows.com")
      .transform((v) => v.split(",").map((h) => h.trim().toLowerCase()).filter(Boolean)),
    // The durable queue (lib/queue.ts)
    /** How often an idle instance looks for due jobs (a job enqueued on the instance itself wakes it at once). */
    QUEUE_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    /** The first retry of a failed send waits about this long, doubling each time (with jitter). */
    QUEUE_RETRY_BASE_SECONDS: z.coerce.number().positive().max(3600).default(5),
    /** How long a claimed job is held: an instance killed mid-job leaves it to be claimed again after this. */
    QUEUE_LEASE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
    /** Tries of one job before it is marked failed. */
    QUEUE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
    // Address lookup by CEP: a built-in table offline, or ViaCEP
    CEP_PROVIDER: z.enum(["local", "viacep"]).default("local"),
    CEP_API_URL: z.url().default("https://viacep.com.br/ws"),
    // Text improver of 'Ajustar por IA'
    AI_PROVIDER: z.enum(["local", "openai"]).default("local"),
    AI_API_URL: z.url().default("https://api.openai.com/v1"),
    AI_API_KEY: z.string().optional(),
    AI_MODEL: z.string().optional(),
    // Where uploads live (photos, banners): see Config.STORAGE for the default
    STORAGE: z
      .enum(["disk", "database", "s3"])
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_BUCKET: z.string().optional(),
    /** AWS's region; `auto` on Cloudflare R2; any (e.g. `us-east-1`) on MinIO. */
    S3_REGION: z.string().optional(),
    /** The S3-compatible server's address (MinIO, R2); unset for AWS S3. */
    S3_ENDPOINT: z
      .string()
      .regex(/^https?:\/\/[^/]/, "must be an http:// or https:// address")
      .optional()
      .or(z.literal("").transform(() => undefined)),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    /** Buckets addressed as `{endpoint}/{bucket}` rather than `{bucket}.{endpoint}` (MinIO). */
    S3_FORCE_PATH_STYLE: bool,
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({ code: "custom", path: ["VAPID_PRIVATE_KEY"], message: "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together" });
    }
    if (env.WHATSAPP_PROVIDER === "cloud") {
      for (const key of ["WHATSAPP_PHONE_NUMBER_ID", "WHATSAPP_ACCESS_TOKEN"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when WHATSAPP_PROVIDER=cloud" });
      }
    }
    if (env.AI_PROVIDER === "openai") {
      for (const key of ["AI_API_KEY", "AI_MODEL"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when AI_PROVIDER=openai" });
      }
    }
    if (env.PAYMENTS_PROVIDER === "asaas") {
      for (const key of ["ASAAS_API_KEY", "ASAAS_WEBHOOK_TOKEN"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when PAYMENTS_PROVIDER=asaas" });
      }
    }
    if (env.ASAAS_WEBHOOK_TOKEN !== undefined && env.ASAAS_WEBHOOK_TOKEN.length > 0 && env.ASAAS_WEBHOOK_TOKEN.length < 16) {
      ctx.addIssue({ code: "custom", path: ["ASAAS_WEBHOOK_TOKEN"], message: "use at least 16 characters" });
    }
    if (env.STORAGE === "s3") {
      for (const key of ["S3_BUCKET", "S3_REGION"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when STORAGE=s3" });
      }
      // Both keys, or neither (then the AWS SDK's own chain: AWS_* variables, an instance role...).
      if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
        const missing = env.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID";
        ctx.addIssue({ code: "custom", path: [missing], message: "required with S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY given together" });
      }
    }
    if (env.STORAGE === "disk" && env.DATA_DIR === "memory") {
      ctx.addIssue({ code: "custom", path: ["STORAGE"], message: "disk storage needs a DATA_DIR folder, not memory" });
    }
    if (env.NODE_ENV === "production" && env.PAYMENTS_PROVIDER === "local" && !env.ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION) {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENTS_PROVIDER"],
        message: "the local payment provider only simulates payments; set PAYMENTS_PROVIDER=asaas, or ALLOW_LOCAL_PAYMENTS_IN_PRODUCTION=true to accept it",
      });
    }
    if (env.NODE_ENV === "production" && env.WHATSAPP_PROVIDER === "local" && !env.ALLOW_LOCAL_WHATSAPP_IN_PRODUCTION) {
      ctx.addIssue({
        code: "custom",
        path: ["WHATSAPP_PROVIDER"],
        message:
          "the local WhatsApp sender only logs codes; set WHATSAPP_PROVIDER=cloud, or ALLOW_LOCAL_WHATSAPP_IN_PRODUCTION=true to accept it",
      });
    }
  });

/** Every environment variable the server reads (README's configuration table lists each one). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

export type Config = Omit<z.infer<typeof envSchema>, "STORAGE"> & {
  /** Stack traces and server paths in error answers: only when NODE_ENV=development is set explicitly. */
  EXPOSE_ERROR_DETAILS: boolean;
  /**
   * Where uploads live: as set, else `database` with DATABASE_URL (every instance reads the same
   * files), else `disk` (`DATA_DIR/uploads`); `memory` with DATA_DIR=memory (tests).
   */
  STORAGE: "disk" | "database" | "s3" | "memory";
};

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value stops start-up with a message naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".") || "(env)"}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const data = parsed.data;
  const storage = data.STORAGE ?? (data.DATA_DIR === "memory" ? "memory" : data.DATABASE_URL ? "database" : "disk");
  const config: Config = { ...data, STORAGE: storage, EXPOSE_ERROR_DETAILS: env.NODE_ENV === "development", ...overrides };
  // A relative DATA_DIR means relative to where the person ran npm, not to the workspace npm enters.
  if (config.DATA_DIR !== "memory" && !isAbsolute(config.DATA_DIR)) {
    config.DATA_DIR = resolve(env.INIT_CWD ?? process.cwd(), config.DATA_DIR);
  }
  return config;
}
