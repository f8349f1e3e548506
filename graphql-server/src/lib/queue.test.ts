import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "./db.js";
import { applyMigrations } from "./migrate.js";
import { createQueue, type JobHandlers } from "./queue.js";

const quiet = { warn: () => undefined, info: () => undefined, debug: () => undefined };

describe("the durable queue's window", () => {
  let db: Database;
  beforeAll(async () => {
    db = await openDatabase({ dataDir: "memory" });
    await applyMigrations(db.raw);
  });
  afterAll(() => db.close());

  it("runs the jobs behind a slow one while it is still running (no batch waits for its slowest)", async () => {
    for (let i = 1; i <= 9; i++) {
      await db.raw.query(`INSERT INTO "Job" ("kind", "key", "payload") VALUES ('push', $1, $2::jsonb)`, [
        `window:${i}`,
        JSON.stringify({ subscriptionId: i, userId: 1, notificationId: i, title: "t", body: "b", link: "/" }),
      ]);
    }
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const done: number[] = [];
    const handlers = {
      push: async (payload: { subscriptionId: number }) => {
        if (payload.subscriptionId === 1) await slow;
        done.push(payload.subscriptionId);
      },
      whatsapp_new_message: async () => undefined,
    } as unknown as JobHandlers;
    const queue = createQueue({ db: db.raw, log: quiet, handlers, batch: 4 });
    const draining = queue.runDue();
    // Every other job is done while the first one still waits for its push service.
    await expect.poll(() => done.length, { timeout: 5000 }).toBe(8);
    expect(done).not.toContain(1);
    release();
    await draining;
    expect(done).toHaveLength(9);
    const [left] = await db.raw.query<{ count: number }>(`SELECT count(*)::int AS count FROM "Job" WHERE "doneAt" IS NULL`);
    expect(left?.count).toBe(0);
    await queue.stop();
  });

  it("ends a drain asked for again while it claims, also when nothing is due (a wake never lost)", async () => {
    const handlers = { push: async () => undefined, whatsapp_new_message: async () => undefined } as unknown as JobHandlers;
    const queue = createQueue({ db: db.raw, log: quiet, handlers, batch: 4 });
    // The second call comes while the first one's claim is on its way.
    const both = Promise.all([queue.runDue(), queue.runDue()]).then(() => "ended");
    const stuck = new Promise((resolve) => setTimeout(() => resolve("stuck"), 5000));
    expect(await Promise.race([both, stuck])).toBe("ended");
    await queue.stop();
  });
});
