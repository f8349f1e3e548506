import { createPubSub, type PubSub } from "@graphql-yoga/subscription";
import { createRedisEventTarget } from "@graphql-yoga/redis-event-target";
import { Redis } from "ioredis";
import { setMaxListeners } from "node:events";
import type { Logger } from "./log.js";

/**
 * Topics and their publish arguments: `[payload]`, or `[id, payload]` for a topic per member,
 * conversation... The product's topics are listed in `src/events.ts`; this module knows none.
 */
export type Topics = { [topic: string]: [] | [unknown] | [number | string, unknown] };

export interface Bus<E extends Topics = Topics> {
  pubsub: PubSub<E>;
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
export function createBus<E extends Topics>(redisUrl?: string, log?: Pick<Logger, "warn">, channelPrefix = ""): Bus<E> {
  if (!redisUrl) {
    // Every open board, chat and dashboard listens: no limit, so Node does not warn of a leak at 11.
    const eventTarget = new EventTarget();
    setMaxListeners(0, eventTarget);
    return { pubsub: createPubSub<E>({ eventTarget }), kind: "memory", close: async () => undefined };
  }
  const publishClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const subscribeClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  const commandClient = new Redis(redisUrl, { lazyConnect: false, maxRetriesPerRequest: 3 });
  let closed = false;
  // ioredis reconnects by itself; a connection error is worth a log line, not an unhandled event.
  for (const [client, role] of [[publishClient, "publish"], [subscribeClient, "subscribe"], [commandClient, "command"]] as const) {
    client.on("error", (error: unknown) => {
      if (!closed) log?.warn({ err: error, role }, "redis connection error");
    });
  }
  // The event target fires these commands without awaiting them; a failure (or a late
  // unsubscribe after close) must not become an unhandled rejection.
  const guard = (command: Promise<unknown>, what: string) =>
    command.catch((error: unknown) => {
      if (!closed) log?.warn({ err: error }, `redis ${what} failed`);
      return 0;
    });
  // SUBSCRIBE commands queued while the connection is still being made can be refused ("Connection in
  // subscriber mode, only subscriber commands may be used") when ioredis replays its offline queue:
  // such an instance would silently never hear a topic. They are sent once the connection is ready,
  // and one refused is tried again.
  let waitingForReady: Promise<void> | null = null;
  const ready = () => {
    if (subscribeClient.status === "ready") return Promise.resolve();
    waitingForReady ??= new Promise<void>((resolve) => {
      subscribeClient.once("ready", () => {
        waitingForReady = null;
        resolve();
      });
    });
    return waitingForReady;
  };
  async function subscribeWhenReady(channel: string, attempt = 1): Promise<unknown> {
    await ready();
    try {
      return await subscribeClient.subscribe(channelPrefix + channel);
    } catch (error) {
      if (closed || attempt >= 5) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
      return subscribeWhenReady(channel, attempt + 1);
    }
  }
  const eventTarget = createRedisEventTarget({
    publishClient: {
      publish: (channel: string, message: string) => guard(publishClient.publish(channelPrefix + channel, message), "publish"),
    } as unknown as Redis,
    subscribeClient: {
      on: (event: "message", listener: (channel: string, message: string) => void) =>
        subscribeClient.on(event, (channel: string, message: string) => {
          if (channel.startsWith(channelPrefix)) listener(channel.slice(channelPrefix.length), message);
        }),
      subscribe: (channel: string) => guard(subscribeWhenReady(channel), "subscribe"),
      unsubscribe: (channel: string) => guard(subscribeClient.unsubscribe(channelPrefix + channel), "unsubscribe"),
    } as unknown as Redis,
  });
  return {
    pubsub: createPubSub<E>({ eventTarget }),
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
