import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eventually, requireServers } from "../../test/harness.js";
import { redisProxy } from "../../test/redis-proxy.js";
import { createBus, DELIVERY_BEHIND_MS, LISTENER_CALLS_PER_TURN, LISTENER_CALLS_PER_TURN_BEHIND, type Bus } from "./bus.js";

type Events = { [topic: string]: [payload: { n: number }] };

/** Calls `heard` with every event of `topic` until the returned function is called. */
function listen(bus: Bus<Events>, topic: string, heard: (event: { n: number }) => void) {
  const stream = bus.pubsub.subscribe(topic);
  void (async () => {
    for await (const event of stream) heard(event);
  })();
  return () => void stream.return();
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("the in-memory bus", () => {
  it("delivers each topic's events in the order they were published, as one JSON copy shared by its listeners", async () => {
    const bus = createBus<Events>();
    const heard: Record<string, { n: number }[][]> = { a: [[], []], b: [[], []] };
    const stops = ["a", "b"].flatMap((topic) => [0, 1].map((i) => listen(bus, topic, (event) => heard[topic][i].push(event))));
    await turn();
    const published = Array.from({ length: 300 }, (_, n) => ({ n, when: new Date(Date.UTC(2026, 2, 10, 12, 0, n)) }));
    for (const payload of published) bus.pubsub.publish(n(payload) % 3 ? "a" : "b", payload as unknown as { n: number });
    await eventually(() => heard.a[1].length + heard.b[1].length === published.length, 5000, "every event heard");
    for (const topic of ["a", "b"]) {
      const expected = published.filter((p) => (n(p) % 3 ? "a" : "b") === topic).map((p) => ({ n: p.n, when: p.when.toISOString() }));
      expect(heard[topic][0]).toEqual(expected);
      expect(heard[topic][1]).toEqual(expected);
      // The same copy for both listeners, not the publisher's object: what Redis would have carried.
      expect(heard[topic][0][0]).toBe(heard[topic][1][0]);
    }
    expect(heard.b[0][0]).not.toBe(published[0]);
    stops.forEach((stop) => stop());
  });

  it("returns from publish at once with 20,000 listeners, and lets other work run between chunks of the fan-out", async () => {
    const bus = createBus<Events>();
    const listeners = 20_000;
    let delivered = 0;
    const stops = Array.from({ length: listeners }, () => listen(bus, "board", () => (delivered += 1)));
    await turn();
    let deliveredWhenOtherWorkRan = -1;
    const started = performance.now();
    bus.pubsub.publish("board", { n: 1 });
    const publishMs = performance.now() - started;
    setImmediate(() => (deliveredWhenOtherWorkRan = delivered));
    expect(delivered).toBe(0);
    await eventually(() => delivered === listeners, 20_000, "every listener reached");
    // Work scheduled right after the publish (a request's I/O) ran while the fan-out was under way.
    expect(deliveredWhenOtherWorkRan).toBeGreaterThanOrEqual(0);
    // One turn's calls (more when a slow machine let the event wait DELIVERY_BEHIND_MS before its first turn).
    expect(deliveredWhenOtherWorkRan).toBeLessThanOrEqual(LISTENER_CALLS_PER_TURN_BEHIND);
    expect(publishMs).toBeLessThan(50);
    stops.forEach((stop) => stop());
  });

  it("makes more calls in a turn when the deliveries have fallen behind, and still lets other work run between turns", async () => {
    const bus = createBus<Events>();
    const listeners = 5_000;
    let delivered = 0;
    const stops = Array.from({ length: listeners }, () => listen(bus, "board", () => (delivered += 1)));
    await turn();
    const seenByOtherWork: number[] = [];
    // Other work between turns (a request's I/O), seen at each turn until the fan-out is done.
    const watch = () => setImmediate(() => {
      seenByOtherWork.push(delivered);
      if (delivered < listeners) watch();
    });
    bus.pubsub.publish("board", { n: 1 });
    // The loop is busy past DELIVERY_BEHIND_MS before the fan-out's first turn (requests filling it).
    const busyUntil = performance.now() + DELIVERY_BEHIND_MS + 5;
    while (performance.now() < busyUntil);
    watch();
    await eventually(() => delivered === listeners, 20_000, "every listener reached");
    // Behind from its first turn, the fan-out made LISTENER_CALLS_PER_TURN_BEHIND calls a turn, not
    // LISTENER_CALLS_PER_TURN, with other work run after each turn.
    expect(LISTENER_CALLS_PER_TURN_BEHIND).toBeGreaterThan(LISTENER_CALLS_PER_TURN);
    expect(seenByOtherWork[0]).toBe(LISTENER_CALLS_PER_TURN_BEHIND);
    expect(seenByOtherWork[1]).toBe(2 * LISTENER_CALLS_PER_TURN_BEHIND);
    stops.forEach((stop) => stop());
  });

  it("delivers nothing more to a listener that left while an event was on its way", async () => {
    const bus = createBus<Events>();
    const heard: number[] = [];
    const stop = listen(bus, "t", (event) => heard.push(event.n));
    await turn();
    bus.pubsub.publish("t", { n: 1 });
    await eventually(() => heard.length === 1, 2000, "the first event");
    bus.pubsub.publish("t", { n: 2 });
    stop();
    await turn();
    await turn();
    expect(heard).toEqual([1]);
  });
});

const n = (payload: { n: number }) => payload.n;

describe("the Redis bus", () => {
  it("hears every topic subscribed while its connection is still being made (10 fresh buses)", async () => {
    const { redis } = requireServers("redis");
    const topics = ["a", "b", "c", "d", "e", "f"];
    for (let round = 0; round < 10; round++) {
      const prefix = `test:${randomBytes(4).toString("hex")}:`;
      const listener = createBus<Events>(redis, undefined, prefix);
      const heard = new Set<string>();
      // Subscribed one after the other while the connection is being made, as services do at start-up.
      const iterators = [];
      for (const [i, topic] of topics.entries()) {
        const stream = listener.pubsub.subscribe(topic);
        void (async () => {
          for await (const _event of stream) heard.add(topic);
        })();
        iterators.push(stream);
        await new Promise((resolve) => setTimeout(resolve, i));
      }
      const publisher = createBus<Events>(redis, undefined, prefix);
      try {
        // Publish until every topic was heard or the round times out: a topic never subscribed never is.
        await eventually(
          () => {
            for (const topic of topics) if (!heard.has(topic)) publisher.pubsub.publish(topic, { n: round });
            return heard.size === topics.length;
          },
          3000,
          `every topic heard in round ${round} (heard: ${[...heard].join(",")})`,
        );
      } finally {
        for (const stream of iterators) await stream.return();
        await publisher.close();
        await listener.close();
      }
      expect(heard.size).toBe(topics.length);
    }
  });
});

describe("the Redis bus between instances", () => {
  it("delivers an event once to the publishing instance's subscribers and once to another instance's", async () => {
    const { redis } = requireServers("redis");
    const prefix = `test:${randomBytes(4).toString("hex")}:`;
    const [a, b] = [createBus<Events>(redis, undefined, prefix), createBus<Events>(redis, undefined, prefix)];
    const heard = { a: [] as number[], b: [] as number[] };
    const stops = [listen(a, "t", (event) => heard.a.push(event.n)), listen(b, "t", (event) => heard.b.push(event.n))];
    try {
      await eventually(() => a.connected && b.connected, 5000, "both buses connected");
      for (let i = 1; i <= 5; i++) a.pubsub.publish("t", { n: i });
      await eventually(() => heard.b.length === 5, 5000, "B hearing A's events");
      await eventually(() => heard.a.length >= 5, 5000, "A hearing its own events");
      // Its own events coming back through Redis are not delivered a second time.
      b.pubsub.publish("t", { n: 6 });
      await eventually(() => heard.a.length === 6, 5000, "A hearing B's event");
      expect(heard).toEqual({ a: [1, 2, 3, 4, 5, 6], b: [1, 2, 3, 4, 5, 6] });
    } finally {
      stops.forEach((stop) => stop());
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("keeps delivering on its own instance while Redis is unreachable, says it is cut off, and tells who listens when events may have been missed", async () => {
    const { redis } = requireServers("redis");
    const proxy = await redisProxy(redis);
    const prefix = `test:${randomBytes(4).toString("hex")}:`;
    const cutOff = createBus<Events>(proxy.url, undefined, prefix);
    const other = createBus<Events>(redis, undefined, prefix);
    const heard = { cutOff: [] as number[], other: [] as number[] };
    const states: boolean[] = [];
    let missedHere = 0;
    let missedThere = 0;
    cutOff.onConnectionChange((connected) => states.push(connected));
    cutOff.onEventsMissed(() => (missedHere += 1));
    other.onEventsMissed(() => (missedThere += 1));
    const stops = [listen(cutOff, "t", (event) => heard.cutOff.push(event.n)), listen(other, "t", (event) => heard.other.push(event.n))];
    try {
      await eventually(() => cutOff.connected && other.connected, 5000, "both buses connected");
      expect(await cutOff.reachable()).toBe(true);
      const missedBefore = { here: missedHere, there: missedThere };

      proxy.cut();
      await eventually(() => !cutOff.connected, 5000, "the bus noticing the outage");
      expect(await cutOff.reachable()).toBe(false);
      const started = performance.now();
      cutOff.pubsub.publish("t", { n: 1 });
      expect(performance.now() - started).toBeLessThan(50);
      await eventually(() => heard.cutOff.length === 1, 2000, "its own subscriber hearing the event");
      other.pubsub.publish("t", { n: 2 });
      await eventually(() => heard.other.length === 1, 2000, "the other's own subscriber");

      proxy.restore();
      await eventually(() => cutOff.connected, 10_000, "the bus reaching Redis again");
      expect(states).toEqual([true, false, true]);
      // Both forget what they trusted: the returning instance, and the other, told by it.
      expect(missedHere).toBe(missedBefore.here + 1);
      await eventually(() => missedThere === missedBefore.there + 1, 5000, "the other told of the return");
      other.pubsub.publish("t", { n: 3 });
      await eventually(() => heard.cutOff.length === 2, 5000, "delivery across instances again");
      // What was published during the outage did not come late.
      expect(heard).toEqual({ cutOff: [1, 3], other: [2, 3] });
    } finally {
      stops.forEach((stop) => stop());
      await Promise.all([cutOff.close(), other.close()]);
      await proxy.close();
    }
  });
});
