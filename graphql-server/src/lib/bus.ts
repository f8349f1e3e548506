import { createPubSub, type PubSub } from "@graphql-yoga/subscription";
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";
import type { Logger } from "./log.js";
import type { UserDTO } from "../domains/users/users.service.js";
import type { MessageDTO, NewMessageNotification } from "../domains/conversations/conversations.service.js";

/** Every real-time event of the product, by topic. Services publish after their transaction commits. */
export type BusEvents = {
  "user:updated": [userId: number, payload: UserDTO];
  /**
   * Something on the board changed. `author`: a member's display fields, plan or state changed, or
   * she left (her offers went with her); `offerId` is then absent and `authorId` names her.
   */
  "offers:changed": [
    payload: {
      kind: "created" | "updated" | "deleted" | "liked" | "author";
      offerId?: number;
      authorId?: number;
      totalLikes?: number;
    },
  ];
  "message:added": [conversationId: number, payload: MessageDTO];
  "notification:new": [userId: number, payload: NewMessageNotification];
  /** Her unread count may have changed; each subscriber counts afresh, so the last value is exact
   * and a send to a member nobody is watching costs no count. */
  "unread:changed": [userId: number, payload: Record<string, never>];
  "presence:changed": [userId: number, payload: { userId: number; isOnline: boolean }];
  /**
   * Sessions ended: one (`sessionId`: logout, expiry) or all of a member's (account deletion, role
   * change; `exceptSessionId` spares the one a sign-in just opened). Every instance closes the
   * sockets and subscriptions they had opened.
   */
  "session:ended": [payload: { userId: number; sessionId?: number; exceptSessionId?: number }];
  /** The sponsors' banners changed: every /chat socket is told to refetch them. */
  "banners:changed": [payload: { at: string }];
};

export interface Bus {
  pubsub: PubSub<BusEvents>;
  kind: "memory" | "redis";
  /** A command connection to the bus's Redis (shared counters such as rate limits); absent in memory. */
  redis?: Redis;
  close(): Promise<void>;
}

/** Resolves once the commands already queued on `client` were sent (QUIT waits for them once ready). */
async function flushed(client: Redis) {
  // Before the ready check, ioredis writes QUIT at once, ahead of the queued commands.
  if (client.status !== "ready") await new Promise((resolve) => client.once("ready", resolve).once("end", resolve));
  await client.quit().catch(() => undefined);
}

/**
 * The in-memory bus, or Redis pub/sub when `redisUrl` is set. `channelPrefix` names this
 * deployment's channels, so that deployments (or test databases) sharing one Redis never hear each
 * other: a logout of member 3 here must not close member 3's sockets there.
 */
export function createBus(redisUrl?: string, log?: Pick<Logger, "warn">, channelPrefix = ""): Bus {
  if (!redisUrl) return { pubsub: createPubSub<BusEvents>(), kind: "memory", close: async () => undefined };
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const commandClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  let closed = false;
  // The event target fires these commands without awaiting them; a failure (or a late
  // unsubscribe after close) must not become an unhandled rejection.
  const guard = (command: Promise<unknown>, what: string) =>
    command.catch((error: unknown) => {
      if (!closed) log?.warn({ err: error }, `redis ${what} failed`);
      return 0;
    });
  const eventTarget = createRedisEventTarget({
    publishClient: {
      publish: (channel: string, message: string) => guard(publishClient.publish(channelPrefix + channel, message), "publish"),
    } as unknown as Redis,
    subscribeClient: {
      on: (event: "message", listener: (channel: string, message: string) => void) =>
        subscribeClient.on(event, (channel: string, message: string) => {
          if (channel.startsWith(channelPrefix)) listener(channel.slice(channelPrefix.length), message);
        }),
      subscribe: (channel: string) => guard(subscribeClient.subscribe(channelPrefix + channel), "subscribe"),
      unsubscribe: (channel: string) => guard(subscribeClient.unsubscribe(channelPrefix + channel), "unsubscribe"),
    } as unknown as Redis,
  });
  return {
    pubsub: createPubSub<BusEvents>({ eventTarget }),
    kind: "redis",
    // Its own connection: counters must not queue behind the stream of publications.
    redis: commandClient,
    async close() {
      closed = true;
      // What was published just before (a logout, then SIGTERM) still reaches the other instances.
      await Promise.race([flushed(publishClient), new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      publishClient.disconnect();
      commandClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}
