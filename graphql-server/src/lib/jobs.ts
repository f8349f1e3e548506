import { JOB_LOCK, type RawDb } from "./db.js";
import type { Logger } from "./log.js";
import type { Metrics } from "./metrics.js";

export type JobName = keyof typeof JOB_LOCK;
export type JobOutcome = "ran" | "skipped" | "failed";

/**
 * The timed work of the server (billing sweep, sign-in housekeeping, presence sweep, the banners'
 * schedule). Each run holds the job's PostgreSQL advisory lock (pg_try_advisory_lock): while an
 * instance runs it, the others skip their turn, so instances sharing a database run it once, not
 * once each. A run never overlaps the previous one on the same instance either. On PGlite (one
 * process) it simply runs. `stop` clears the timers and waits for the runs in progress: a run ends
 * at a safe point (the billing sweep looks at `stopping` between members), never in the middle.
 */
export function createJobs(deps: { db: RawDb; log: Pick<Logger, "warn">; metrics?: Metrics | null }) {
  const { db, log, metrics } = deps;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<JobName, Promise<JobOutcome>>();
  let stopped = false;

  /** Runs the job now unless it runs already (here or on another instance); answers what happened. */
  function runOnce(job: JobName, task: () => Promise<unknown>): Promise<JobOutcome> {
    if (stopped || running.has(job)) {
      metrics?.jobRuns.inc({ job, outcome: "skipped" });
      return Promise.resolve("skipped");
    }
    const started = performance.now();
    const run = db
      .tryWithLock(JOB_LOCK[job], task)
      .then(
        (ran): JobOutcome => {
          if (ran) metrics?.jobDuration.observe({ job }, (performance.now() - started) / 1000);
          return ran ? "ran" : "skipped";
        },
        (error: unknown): JobOutcome => {
          if (!stopped) log.warn({ err: error instanceof Error ? error.message : error, job }, "timed job failed; retried next round");
          return "failed";
        },
      )
      .then((outcome) => {
        running.delete(job);
        metrics?.jobRuns.inc({ job, outcome });
        return outcome;
      });
    running.set(job, run);
    return run;
  }

  return {
    runOnce,
    /** Runs the job every `everyMs` (not at once) until `stop`. */
    every(job: JobName, everyMs: number, task: () => Promise<unknown>) {
      if (stopped) return;
      const timer = setInterval(() => void runOnce(job, task), everyMs);
      timer.unref();
      timers.add(timer);
    },
    /** True once `stop` was called: long runs end at their next safe point. */
    stopping: () => stopped,
    /** No new run starts; resolves when the runs in progress have ended. */
    async stop() {
      stopped = true;
      for (const timer of timers) clearInterval(timer);
      timers.clear();
      await Promise.all(running.values());
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
