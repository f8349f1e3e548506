import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";
import type { Config } from "./config.js";
import { createAuthService, type RateLimiter } from "./domains/auth/auth.service.js";
import { createSessionStore } from "./domains/auth/sessions.js";
import { createBus } from "./lib/bus.js";
import type { Clock } from "./lib/clock.js";
import type { Database } from "./lib/db.js";
import type { Logger } from "./lib/log.js";
import { CloudWhatsAppSender } from "./providers/whatsapp/cloud.js";
import { LocalWhatsAppSender } from "./providers/whatsapp/local.js";
import type { WhatsAppSender } from "./providers/whatsapp/whatsapp.js";

function memoryLimiter(points: number, durationSeconds: number): RateLimiter {
  const limiter = new RateLimiterMemory({ points, duration: durationSeconds });
  return {
    async hit(key) {
      try {
        await limiter.consume(key);
        return { allowed: true };
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) {
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
        throw rejection;
      }
    },
  };
}

export function createWhatsAppSender(config: Config, log: Logger, clock: Clock): WhatsAppSender {
  if (config.WHATSAPP_PROVIDER === "cloud") {
    return new CloudWhatsAppSender({
      apiUrl: config.WHATSAPP_API_URL,
      apiVersion: config.WHATSAPP_API_VERSION,
      phoneNumberId: config.WHATSAPP_PHONE_NUMBER_ID!,
      accessToken: config.WHATSAPP_ACCESS_TOKEN!,
      templateName: config.WHATSAPP_TEMPLATE_NAME,
      templateLanguage: config.WHATSAPP_TEMPLATE_LANGUAGE,
    });
  }
  return new LocalWhatsAppSender(log, () => clock.now());
}

/** Every domain service, wired once per app instance; both doors (GraphQL and REST) call these. */
export function createServices(options: { config: Config; db: Database; clock: Clock; log: Logger }) {
  const { config, db, clock, log } = options;
  const prisma = db.prisma;
  const bus = createBus(config.REDIS_URL);
  const whatsapp = createWhatsAppSender(config, log, clock);
  const sessions = createSessionStore(prisma, clock, config.SESSION_DAYS);
  const auth = createAuthService({
    prisma,
    config,
    clock,
    log,
    bus,
    whatsapp,
    sessions,
    verifyLimiter: memoryLimiter(config.OTP_VERIFIES_PER_IP_PER_10MIN, 600),
  });
  return {
    config,
    db,
    prisma,
    clock,
    log,
    bus,
    whatsapp,
    sessions,
    auth,
    async close() {
      await bus.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
