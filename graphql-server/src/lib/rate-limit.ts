import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from "rate-limiter-flexible";
import type { Bus } from "./bus.js";
import { AppError } from "./errors.js";

export interface RateLimiter {
  /** Counts one hit for key; answers how long to wait when the limit is passed. */
  hit(key: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  /** Seconds to wait when key has used every hit of its window (without counting one); else null. */
  exhausted(key: string): Promise<number | null>;
}

/**
 * A limiter of `points` hits per `durationSeconds` and key. With Redis (REDIS_URL) the count is
 * shared by every instance, under a prefix naming this deployment's database so that two
 * deployments (or test databases) sharing one Redis do not count together; in memory otherwise,
 * and on each instance while Redis is unreachable (or slower than the bus's command timeout).
 */
export function createLimiter(options: { bus: Bus; redisPrefix: string; name: string; points: number; durationSeconds: number }): RateLimiter {
  const { bus, redisPrefix, name, points, durationSeconds } = options;
  const inMemory = new RateLimiterMemory({ points, duration: durationSeconds });
  const limiter = bus.redis
    ? new RateLimiterRedis({
        storeClient: bus.redis,
        keyPrefix: `${redisPrefix}:${name}`,
        points,
        duration: durationSeconds,
        // While Redis is unreachable each instance counts on its own rather than failing requests, at
        // once: without asking, a command waited in ioredis's queue for its reconnection attempts
        // (seconds, growing), so a flood was answered slowly but hardly limited.
        insuranceLimiter: inMemory,
        rejectIfRedisNotReady: true,
      })
    : inMemory;
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
    async exhausted(key) {
      const state = await limiter.get(key);
      return state && state.consumedPoints >= points ? Math.max(1, Math.ceil(state.msBeforeNext / 1000)) : null;
    },
  };
}

/**
 * Counts one hit of `key`; refuses with RATE_LIMITED (429, Retry-After) beyond the limit, with the
 * generic text or the one `message` writes for the wait.
 */
export async function assertAllowed(limiter: RateLimiter | undefined, key: string | number, message?: (retryAfterSeconds: number) => string) {
  const verdict = await limiter?.hit(String(key));
  if (verdict && !verdict.allowed) {
    throw new AppError("RATE_LIMITED", message?.(verdict.retryAfterSeconds), { retryAfterSeconds: verdict.retryAfterSeconds });
  }
}

/** A wait as she reads it: '5 minutos', '1 hora', '3 horas' (rounded up). */
export function waitInWords(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  if (minutes < 120) return `${minutes} ${minutes === 1 ? "minuto" : "minutos"}`;
  return `${Math.ceil(minutes / 60)} horas`;
}
