import { createPubSub, type PubSub } from "@graphql-yoga/subscription";
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";
import type { UserDTO } from "../domains/users/users.service.js";

/** Every real-time event of the product, by topic. Services publish after their transaction commits. */
export type BusEvents = {
  "user:updated": [userId: number, payload: UserDTO];
  "offers:changed": [payload: { kind: "created" | "updated" | "deleted" | "liked"; offerId: number; totalLikes?: number }];
};

export interface Bus {
  pubsub: PubSub<BusEvents>;
  kind: "memory" | "redis";
  close(): Promise<void>;
}

export function createBus(redisUrl?: string): Bus {
  if (!redisUrl) return { pubsub: createPubSub<BusEvents>(), kind: "memory", close: async () => undefined };
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  return {
    pubsub: createPubSub<BusEvents>({ eventTarget }),
    kind: "redis",
    async close() {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}
