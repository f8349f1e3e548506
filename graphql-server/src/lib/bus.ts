import { randomUUID } from "node:crypto";
import { createRequire } from "node:module";
import { createPubSub, Repeater, type PubSub, type PubSubEventTarget } from "@graphql-yoga/subscription";
import type { Redis, RedisOptions } from "ioredis";
import type { Logger } from "./log.js";
import type { BusCounters } from "./metrics.js";
import { answersWithin } from "./timeout.js";

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
  /**
   * Whether this instance's events reach the other instances and theirs reach it: always in memory;
   * with Redis, while its publish and subscribe connections are ready and every topic is subscribed.
   * Events always reach this instance's own subscribers.
   */
  readonly connected: boolean;
  /** Calls `listener` with `connected` each time it changes; answers a function that stops it. */
  onConnectionChange(listener: (connected: boolean) => void): () => void;
  /**
   * Calls `listener` whenever events may have been missed: this instance's bus reached Redis
   * (again), or another instance's did (what it published while cut off never came). What an
   * instance trusts until an event says otherwise (caches) is to be forgotten then.
   */
  onEventsMissed(listener: () => void): () => void;
  /** Readiness: whether the bus reaches the other instances and Redis answers within `timeoutMs` (always in memory). */
  reachable(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** `onEventsMissed` as a stream, to merge with a topic's events. */
export function eventsMissed(bus: Pick<Bus, "onEventsMissed">) {
  return new Repeater<null>(async (push, stop) => {
    const stopListening = bus.onEventsMissed(() => void push(null));
    await stop;
    stopListening();
  });
}

/**
 * Calls `handle` with each event of a bus subscription for the life of the process: what keeps a
 * cache or a worker of this instance in step with every instance. Names `what` in a warning if the
 * subscription ever ends with an error. Answers a function that stops listening (a service's stop).
 */
export function listenTo<T>(
  events: AsyncIterable<T> & { return?: () => unknown },
  handle: (event: T) => void,
  log: Pick<Logger, "warn">,
  what: string,
): () => void {
  void (async () => {
    try {
      for await (const event of events) handle(event);
    } catch (error) {
      log.warn({ err: error }, `${what} stopped listening`);
    }
  })();
  return () => void events.return?.();
}

/**
 * Listener calls one event-loop turn makes at most. Each call starts a subscriber's work (a GraphQL
 * execution, a frame), which runs before the next turn: 25,000 subscriptions of one topic took
 * seconds, during which nothing else was answered. Spread over turns, requests get theirs between chunks.
 */
export const LISTENER_CALLS_PER_TURN = 100;
/**
 * ... unless the oldest waiting delivery arrived DELIVERY_BEHIND_MS ago or more: then a turn makes up
 * to this many. Under a steady stream of small events (a message to ten sockets, 500 a second) the
 * turns came too seldom for 100 calls each while requests filled the loop between them, and the
 * deliveries fell behind their own sends by 100–300 ms (docs/decisions/0293).
 */
export const LISTENER_CALLS_PER_TURN_BEHIND = 500;
export const DELIVERY_BEHIND_MS = 20;

type Listener = (event: { detail: unknown }) => void;

/** One event on its way to the listeners its topic had when it was published (or arrived from Redis). */
interface Delivery {
  topic: string;
  text: string;
  listeners: Listener[];
  next: number;
  detail?: unknown;
  /** performance.now() when it arrived here: how far behind the deliveries are (a turn's budget, the metrics' delivery lag). */
  arrived: number;
}

/**
 * This instance's subscribers and the deliveries waiting for them. Publishing queues the event and
 * returns; deliveries run in FIFO order in setImmediate turns, LISTENER_CALLS_PER_TURN calls per
 * turn, so every listener receives a topic's events in the order they were published. Each event
 * reaches the listeners as one JSON copy, parsed once and shared, whether it was published here or
 * came through Redis: a subscriber sees the same shape on any instance.
 */
class LocalFanOut {
  private readonly listeners = new Map<string, Set<Listener>>();
  private queue: (Delivery | undefined)[] = [];
  private head = 0;
  private scheduled = false;

  constructor(
    private readonly log?: Pick<Logger, "warn">,
    private readonly counters?: BusCounters,
  ) {}

  topics() {
    return this.listeners.keys();
  }

  /** Answers true when it is the topic's first listener. */
  add(topic: string, listener: Listener) {
    let set = this.listeners.get(topic);
    const first = !set;
    if (!set) this.listeners.set(topic, (set = new Set()));
    set.add(listener);
    return first;
  }

  /** Answers true when it was the topic's last listener. */
  remove(topic: string, listener: Listener) {
    const set = this.listeners.get(topic);
    if (!set?.delete(listener) || set.size) return false;
    this.listeners.delete(topic);
    return true;
  }

  deliver(topic: string, text: string) {
    const set = this.listeners.get(topic);
    if (!set) return;
    this.queue.push({ topic, text, listeners: [...set], next: 0, arrived: performance.now() });
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(this.run);
    }
  }

  private readonly run = () => {
    this.scheduled = false;
    try {
      const oldest = this.queue[this.head];
      const behind = oldest !== undefined && performance.now() - oldest.arrived >= DELIVERY_BEHIND_MS;
      this.deliverSome(behind ? LISTENER_CALLS_PER_TURN_BEHIND : LISTENER_CALLS_PER_TURN);
    } finally {
      if (this.head === this.queue.length) {
        this.queue = [];
        this.head = 0;
      } else {
        if (this.head > 1024) {
          this.queue = this.queue.slice(this.head);
          this.head = 0;
        }
        this.scheduled = true;
        setImmediate(this.run);
      }
    }
  };

  private deliverSome(budget: number) {
    while (budget > 0 && this.head < this.queue.length) {
      const delivery = this.queue[this.head]!;
      if (delivery.next === 0) {
        try {
          delivery.detail = parse(delivery.text);
        } catch (error) {
          this.log?.warn({ err: error, topic: delivery.topic }, "a bus event that is not JSON was dropped");
          delivery.next = delivery.listeners.length;
        }
      }
      const current = this.listeners.get(delivery.topic);
      const event = { detail: delivery.detail };
      while (budget > 0 && delivery.next < delivery.listeners.length) {
        const listener = delivery.listeners[delivery.next++];
        budget -= 1;
        // A subscriber that left since the event was published hears nothing more.
        if (!current?.has(listener)) continue;
        try {
          listener(event);
        } catch (error) {
          // A subscriber that cannot take more (a repeater's full queue) loses this event, not the others.
          this.log?.warn({ err: error, topic: delivery.topic }, "a bus subscriber refused an event");
        }
      }
      if (delivery.next === delivery.listeners.length) {
        this.queue[this.head++] = undefined;
        this.counters?.delivered(delivery.topic, delivery.listeners.length, performance.now() - delivery.arrived);
      }
    }
  }
}

const parse = (text: string): unknown => (text === "" ? null : JSON.parse(text));
const serialise = (detail: unknown) => (detail === undefined ? "" : JSON.stringify(detail));

/** The event target of graphql-yoga's pubsub over our fan-out; `publishRemote` sends an event to the other instances. */
function eventTarget<E extends Topics>(
  fanOut: LocalFanOut,
  hooks: { firstListener?: (topic: string) => void; lastListener?: (topic: string) => void; publishRemote?: (topic: string, text: string) => void } = {},
  counters?: BusCounters,
) {
  const callbackOf = (listener: unknown) =>
    (typeof listener === "function" ? listener : (listener as { handleEvent: Listener }).handleEvent) as Listener;
  return {
    addEventListener(topic: string, listener: unknown) {
      if (listener && fanOut.add(topic, callbackOf(listener))) hooks.firstListener?.(topic);
    },
    removeEventListener(topic: string, listener: unknown) {
      if (listener && fanOut.remove(topic, callbackOf(listener))) hooks.lastListener?.(topic);
    },
    dispatchEvent(event: { type: string; detail: unknown }) {
      // Serialised once, by the publisher, as Redis would carry it.
      const text = serialise(event.detail);
      counters?.published(event.type);
      fanOut.deliver(event.type, text);
      hooks.publishRemote?.(event.type, text);
      return true;
    },
  } as unknown as PubSubEventTarget<E>;
}

/** Resolves once the commands already queued on `client` were sent (QUIT waits for them once ready). */
async function flushed(client: Redis) {
  // Before the ready check, ioredis writes QUIT at once, ahead of the queued commands.
  if (client.status !== "ready") await new Promise((resolve) => client.once("ready", resolve).once("end", resolve));
  await client.quit().catch(() => undefined);
}

/** What the instances' channels carry: the publishing instance's id (a UUID, 36 characters), then the event's JSON. */
const ORIGIN_LENGTH = 36;

/** Limits on waiting for Redis (docs/decisions/0177-rate-limits-fell-open-by-slowness.md, 0174-connected.md). */
const REDIS_COMMAND_TIMEOUT_MS = 1000;

/**
 * The in-memory bus, or Redis pub/sub between instances when `redisUrl` is set. `channelPrefix`
 * names this deployment's channels, so that deployments (or test databases) sharing one Redis never
 * hear each other: a logout of member 3 here must not close member 3's sockets there.
 *
 * Either way an event reaches this instance's subscribers without Redis, then the others' through
 * it: each message carries its instance's id, and an instance ignores its own coming back. While
 * Redis is unreachable nothing is queued for it (the other instances would get the events late
 * and out of turn); `connected` says so and `onEventsMissed` listeners are called when it returns.
 */
export function createBus<E extends Topics>(
  redisUrl?: string,
  log?: Pick<Logger, "warn" | "info" | "debug">,
  channelPrefix = "",
  counters?: BusCounters,
): Bus<E> {
  const fanOut = new LocalFanOut(log, counters);
  const missedListeners = new Set<() => void>();
  const connectionListeners = new Set<(connected: boolean) => void>();
  const listen = <T>(set: Set<T>, listener: T) => {
    set.add(listener);
    return () => void set.delete(listener);
  };
  if (!redisUrl) {
    return {
      pubsub: createPubSub<E>({ eventTarget: eventTarget<E>(fanOut, {}, counters) }),
      kind: "memory",
      connected: true,
      onConnectionChange: (listener) => listen(connectionListeners, listener),
      onEventsMissed: (listener) => listen(missedListeners, listener),
      reachable: async () => true,
      close: async () => undefined,
    };
  }

  const origin = randomUUID();
  const channelOf = (topic: string) => `${channelPrefix}bus:${topic}`;
  const topicOf = (channel: string) => (channel.startsWith(`${channelPrefix}bus:`) ? channel.slice(channelPrefix.length + 4) : null);
  // An instance that reached Redis again says so: the others forget what they trusted meanwhile too
  // (its invalidations never came), as it does itself.
  const rejoinedChannel = `${channelPrefix}bus-rejoined`;
  // Loaded only with REDIS_URL: a single instance does not hold ioredis's code (issue 25).
  const { Redis } = createRequire(import.meta.url)("ioredis") as typeof import("ioredis");
  const options: RedisOptions = { lazyConnect: false, maxRetriesPerRequest: 3 };
  const publishClient = new Redis(redisUrl, options);
  // Every topic is subscribed again by us once the connection is ready (see `resubscribe`).
  const subscribeClient = new Redis(redisUrl, { ...options, autoResubscribe: false });
  // A request waits at most REDIS_COMMAND_TIMEOUT_MS for a counter; the rate limits do not ask while it is down.
  const commandClient = new Redis(redisUrl, { ...options, commandTimeout: REDIS_COMMAND_TIMEOUT_MS });
  let closed = false;
  let connected = false;
  let everConnected = false;
  let publisherEverReady = false;
  let subscribed = false;
  let connections = 0;

  // ioredis reconnects by itself, trying again and again while Redis is away: one warning per
  // connection and outage, the rest at debug level.
  for (const [client, role] of [[publishClient, "publish"], [subscribeClient, "subscribe"], [commandClient, "command"]] as const) {
    let warned = false;
    client.on("error", (error: unknown) => {
      if (closed) return;
      if (warned) log?.debug({ err: error, role }, "redis connection error");
      else log?.warn({ err: error, role }, "redis connection error");
      warned = true;
    });
    client.on("ready", () => (warned = false));
  }

  function update() {
    const now = !closed && publishClient.status === "ready" && subscribeClient.status === "ready" && subscribed;
    if (now === connected) return;
    connected = now;
    if (now) {
      log?.info({}, "bus connected to Redis: events reach every instance");
      // At start-up what this instance published was queued until now: nothing was lost for the others.
      if (everConnected) publishClient.publish(rejoinedChannel, origin).catch(() => undefined);
      everConnected = true;
      eventsMissed();
    } else if (!closed) {
      log?.warn({}, "bus cut off from Redis: events reach this instance's subscribers only");
    }
    for (const listener of connectionListeners) listener(now);
  }

  function eventsMissed() {
    for (const listener of missedListeners) {
      try {
        listener();
      } catch (error) {
        log?.warn({ err: error }, "forgetting what was trusted while events were missed failed");
      }
    }
  }

  publishClient.on("ready", () => {
    publisherEverReady = true;
    update();
  });
  publishClient.on("close", update);
  subscribeClient.on("close", () => {
    subscribed = false;
    update();
  });

  // SUBSCRIBE only on a ready connection: one queued while the connection is still being made can be
  // refused ("Connection in subscriber mode, only subscriber commands may be used") when ioredis
  // replays its offline queue, and such an instance would silently never hear a topic. Once ready,
  // every topic is subscribed in one command (again after each reconnection; ioredis's own
  // resubscription is off, so that we know when it is done), then topics as they come; a refused
  // SUBSCRIBE is tried again.
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function resubscribe(connection: number) {
    for (let attempt = 1; !closed && connection === connections && subscribeClient.status === "ready"; attempt++) {
      try {
        const channels = [...fanOut.topics()].map(channelOf);
        await subscribeClient.subscribe(rejoinedChannel, ...channels);
        if (connection !== connections || subscribeClient.status !== "ready") return;
        subscribed = true;
        update();
        return;
      } catch (error) {
        if (attempt >= 5) {
          log?.warn({ err: error }, "redis subscribe failed");
          return;
        }
        await pause(100 * attempt);
      }
    }
  }
  subscribeClient.on("ready", () => void resubscribe(++connections));

  async function subscribeTopic(topic: string, attempt = 1): Promise<void> {
    // Not ready: `resubscribe` subscribes every topic once it is.
    if (closed || subscribeClient.status !== "ready") return;
    try {
      await subscribeClient.subscribe(channelOf(topic));
    } catch (error) {
      if (closed) return;
      if (attempt >= 5) return void log?.warn({ err: error, topic }, "redis subscribe failed");
      await pause(100 * attempt);
      return subscribeTopic(topic, attempt + 1);
    }
  }

  subscribeClient.on("message", (channel: string, message: string) => {
    if (channel === rejoinedChannel) {
      if (message !== origin) eventsMissed();
      return;
    }
    const topic = topicOf(channel);
    // Our own events were delivered here when published.
    if (topic === null || message.startsWith(origin)) return;
    fanOut.deliver(topic, message.slice(ORIGIN_LENGTH));
  });

  const target = eventTarget<E>(fanOut, {
    firstListener: (topic) => void subscribeTopic(topic),
    lastListener: (topic) => {
      // While not ready there is nothing to unsubscribe: the next connection subscribes only the topics listened to then.
      if (subscribeClient.status === "ready") subscribeClient.unsubscribe(channelOf(topic)).catch(() => undefined);
    },
    publishRemote(topic, text) {
      // Before the first connection ioredis queues what is published (a role change at start-up still
      // reaches the others); after it, an event published while Redis is away is not sent later.
      if (publisherEverReady && publishClient.status !== "ready") return;
      publishClient.publish(channelOf(topic), origin + text).catch((error: unknown) => {
        if (!closed && connected) log?.warn({ err: error, topic }, "redis publish failed");
      });
    },
  }, counters);

  return {
    pubsub: createPubSub<E>({ eventTarget: target }),
    kind: "redis",
    // Its own connection: counters must not queue behind the stream of publications.
    redis: commandClient,
    get connected() {
      return connected;
    },
    onConnectionChange: (listener) => listen(connectionListeners, listener),
    onEventsMissed: (listener) => listen(missedListeners, listener),
    async reachable(timeoutMs = REDIS_COMMAND_TIMEOUT_MS) {
      if (!connected) return false;
      return answersWithin(
        commandClient.ping().then((reply) => reply === "PONG"),
        timeoutMs,
      );
    },
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
