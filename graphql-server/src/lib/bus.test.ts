import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { eventually, requireServers } from "../../test/harness.js";
import { createBus } from "./bus.js";

type Events = { [topic: string]: [payload: { n: number }] };

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
