import type { JobKind, JobPayloads } from "@clube-coroa/schema";
import type { RawDb } from "./db.js";
import type { Logger } from "./log.js";
import type { Metrics } from "./metrics.js";

/**
 * A refusal a handler sorts for the queue: `retry` false ends the job as failed at once (the
 * provider will never accept it); true tries again after the backoff, or after `retryAfterMs`
 * when the provider said when (Retry-After), whichever is later.
 */
export class JobError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "JobError";
  }
}

/** What a handler may answer: nothing (done), or "skipped" (done, nothing to send: she is gone, the switch is off). */
export type JobResult = void | "skipped";
export type JobHandlers = { [K in JobKind]: (payload: JobPayloads[K], job: { id: number; attempts: number }) => Promise<JobResult> };
export type JobOutcome = "done" | "skipped" | "retry" | "failed";

export interface QueueOptions {
  db: RawDb;
  log: Pick<Logger, "warn" | "info" | "debug">;
  metrics?: Metrics | null;
  handlers: JobHandlers;
  /** How often an idle instance looks for due jobs (a wake on this instance looks at once). */
  pollMs?: number;
  /** How long a claim holds a job: past it, another instance (or this one after a restart) claims it again. */
  leaseMs?: number;
  /** Attempts before a job is marked failed. */
  maxAttempts?: number;
  /** The first retry waits about this long, then twice as long each time (with jitter), up to `maxBackoffMs`. */
  retryBaseMs?: number;
  maxBackoffMs?: number;
  /** Jobs run side by side at most (the window a drain keeps full). */
  batch?: number;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
}

// The queue keeps time on the database's clock (UTC, like Prisma's columns): two instances agree on
// what is due and when a lease ends, whatever their own clocks say.
const NOW = `(now() AT TIME ZONE 'UTC')`;

/**
 * The worker of the durable queue (the `Job` table; docs/decisions/0277). Producers insert rows in the
 * transaction of their cause; this claims due rows with `FOR UPDATE SKIP LOCKED` (attempts + 1 and a
 * lease), runs the handler of their kind, then marks them done, or due again after an exponential
 * backoff with jitter, or failed after `maxAttempts`. An instance killed mid-job leaves a lease that
 * ends: the job is claimed again (at least once; the push carries a Topic and the notification a
 * tag, so a repeat replaces rather than adds).
 */
export function createQueue(options: QueueOptions) {
  const { db, log, metrics, handlers } = options;
  const pollMs = options.pollMs ?? 1000;
  const leaseMs = options.leaseMs ?? 60_000;
  const maxAttempts = options.maxAttempts ?? 8;
  const retryBaseMs = options.retryBaseMs ?? 5000;
  const maxBackoffMs = options.maxBackoffMs ?? 3_600_000;
  const batch = options.batch ?? 20;
  let timer: NodeJS.Timeout | null = null;
  let stopped = true;
  /** Set by stop: a drain in progress ends after its current batch. */
  let closing = false;
  let draining: Promise<void> | null = null;
  let again = false;

  async function claim(limit: number): Promise<ClaimedJob[]> {
    return db.query<ClaimedJob>(
      `UPDATE "Job" SET "attempts" = "attempts" + 1, "lockedUntil" = ${NOW} + make_interval(secs => $2::double precision / 1000)
       WHERE "id" IN (
         SELECT "id" FROM "Job"
         WHERE "doneAt" IS NULL AND "failedAt" IS NULL AND "runAt" <= ${NOW} AND ("lockedUntil" IS NULL OR "lockedUntil" < ${NOW})
         ORDER BY "runAt", "id" LIMIT $1 FOR UPDATE SKIP LOCKED)
       RETURNING "id", "kind", "payload", "attempts"`,
      [limit, leaseMs],
    );
  }

  function backoffMs(attempts: number, retryAfterMs?: number) {
    const exponential = Math.min(maxBackoffMs, retryBaseMs * 2 ** Math.max(0, attempts - 1));
    // Full jitter in the upper half: retries of many jobs failing together spread out.
    const jittered = exponential / 2 + Math.random() * (exponential / 2);
    return Math.max(jittered, retryAfterMs ?? 0);
  }

  // Each settle names the attempt it ends: a claim whose lease ended and was taken again elsewhere no longer writes.
  async function settle(job: ClaimedJob, outcome: JobOutcome, error?: string, retryInMs?: number) {
    const where = `WHERE "id" = $1 AND "attempts" = $2`;
    if (outcome === "done" || outcome === "skipped") {
      await db.query(`UPDATE "Job" SET "doneAt" = ${NOW}, "lockedUntil" = NULL ${where}`, [job.id, job.attempts]);
    } else if (outcome === "failed") {
      await db.query(`UPDATE "Job" SET "failedAt" = ${NOW}, "lockedUntil" = NULL, "lastError" = $3 ${where}`, [job.id, job.attempts, error ?? null]);
    } else {
      await db.query(
        `UPDATE "Job" SET "runAt" = ${NOW} + make_interval(secs => $3::double precision / 1000), "lockedUntil" = NULL, "lastError" = $4 ${where}`,
        [job.id, job.attempts, retryInMs ?? 0, error ?? null],
      );
    }
  }

  async function run(job: ClaimedJob): Promise<JobOutcome> {
    const handler = handlers[job.kind as JobKind] as ((payload: unknown, job: { id: number; attempts: number }) => Promise<JobResult>) | undefined;
    let outcome: JobOutcome;
    let error: string | undefined;
    let retryInMs: number | undefined;
    if (!handler) {
      outcome = "failed";
      error = `no handler for kind ${job.kind}`;
    } else {
      try {
        outcome = (await handler(job.payload, { id: job.id, attempts: job.attempts })) === "skipped" ? "skipped" : "done";
      } catch (caught) {
        error = caught instanceof Error ? caught.message : String(caught);
        const retryable = !(caught instanceof JobError) || caught.retry;
        if (retryable && job.attempts < maxAttempts) {
          outcome = "retry";
          retryInMs = backoffMs(job.attempts, caught instanceof JobError ? caught.retryAfterMs : undefined);
        } else outcome = "failed";
        log.warn({ job: job.id, kind: job.kind, attempts: job.attempts, err: error, retryInMs }, `queue job ${outcome === "retry" ? "will be retried" : "failed"}`);
      }
    }
    await settle(job, outcome, error, retryInMs);
    metrics?.queueJobs.inc({ kind: job.kind, outcome });
    return outcome;
  }

  /** Wakes a drain waiting for a job to end: a producer stored new ones (drain called again). */
  let wakeUp: () => void = () => undefined;

  /**
   * Claims and runs what is due until nothing is; resolves when done. One drain at a time per
   * instance. Up to `batch` jobs run side by side in a sliding window: the window is topped up once
   * half of it is free, so one slow job (a push service taking seconds) does not hold back the others
   * as a whole batch waiting for its slowest would.
   */
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      wakeUp();
      return draining;
    }
    draining = (async () => {
      const running = new Set<Promise<void>>();
      const track = (job: ClaimedJob) => {
        const done: Promise<void> = run(job)
          .then(
            () => undefined,
            (error: unknown) => {
              // Its settle failed: the lease ends and the job is claimed again.
              if (!closing) log.warn({ job: job.id, err: error instanceof Error ? error.message : error }, "queue: settling a job failed");
            },
          )
          .finally(() => running.delete(done));
        running.add(done);
      };
      // Due jobs may be waiting beyond what the last claim took.
      let more = true;
      try {
        while (!closing) {
          // Made before the claim, so that a wake arriving during it is not lost.
          const woken = new Promise<void>((resolve) => (wakeUp = resolve));
          const room = batch - running.size;
          if ((more || again) && (running.size === 0 || room >= batch / 2)) {
            again = false;
            const jobs = await claim(room);
            more = jobs.length === room;
            jobs.forEach(track);
          }
          if (!running.size) {
            if (!more && !again) break;
            continue;
          }
          // A job ended (room in the window) or new jobs were stored.
          await Promise.race([...running, woken]);
        }
      } catch (error) {
        if (!closing) log.warn({ err: error instanceof Error ? error.message : error }, "queue: claiming jobs failed; trying again at the next poll");
      } finally {
        await Promise.all(running);
        wakeUp = () => undefined;
        draining = null;
      }
    })();
    return draining;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void drain().finally(schedule);
    }, pollMs);
    timer.unref();
  }

  return {
    /** Starts polling (and runs what is already due). */
    start() {
      if (!stopped || closing) return;
      stopped = false;
      void drain().finally(schedule);
    },
    /** Looks for due jobs now (a producer on this instance just committed one). */
    wake() {
      if (!stopped) void drain();
    },
    /** Runs what is due now, even when not started (tests, tools). */
    runDue: () => drain(),
    /** No new claim; resolves when the jobs in progress have ended (a job is short: one HTTP request). */
    async stop() {
      stopped = true;
      closing = true;
      wakeUp();
      if (timer) clearTimeout(timer);
      timer = null;
      await draining;
    },
    /** Removes the jobs done more than `olderThanMs` ago (a timed job); answers how many. */
    async purgeDone(olderThanMs = 86_400_000) {
      const rows = await db.query<{ id: number }>(
        `DELETE FROM "Job" WHERE "doneAt" IS NOT NULL AND "doneAt" < ${NOW} - make_interval(secs => $1::double precision / 1000) RETURNING "id"`,
        [olderThanMs],
      );
      return rows.length;
    },
  };
}

export type Queue = ReturnType<typeof createQueue>;
