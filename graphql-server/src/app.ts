import { existsSync } from "node:fs";
import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { Duplex } from "node:stream";
import { Server as NetServer, type AddressInfo } from "node:net";
import { dirname, join } from "node:path";
import { ApolloServer, type ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginDrainHttpServer } from "@apollo/server/plugin/drainHttpServer";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { expressMiddleware } from "@as-integrations/express5";
import compression from "compression";
import { Repeater } from "@graphql-yoga/subscription";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import helmet from "helmet";
import proxyAddr from "proxy-addr";
import { pinoHttp } from "pino-http";
import type { Config } from "./config.js";
import type { GraphQLContext } from "./context.js";
import { applySuperuserPhones } from "./domains/users/users.service.js";
import { systemClock, type Clock } from "./lib/clock.js";
import { openDatabase, type Database } from "./lib/db.js";
import { eventsMissed } from "./lib/bus.js";
import { answersWithin } from "./lib/timeout.js";
import { toAppError } from "./lib/errors.js";
import { assertAllowed } from "./lib/rate-limit.js";
import { createSocketCaps, type SocketDoor } from "./lib/socket-caps.js";
import { ERROR_MESSAGES } from "@clube-coroa/schema";
import { EARLY_TAPS_SCRIPT } from "@clube-coroa/schema/earlyTaps";
import { clearSessionCookie, csrfGuard, deviceKeyOf, identity, isCrossSite, setDeviceCookie, setSessionCookie } from "./lib/http.js";
import { createLogger, REQUEST_LINE_OPTIONS, type Logger } from "./lib/log.js";
import { createMetrics, operationLabel, type Metrics } from "./lib/metrics.js";
import { graphqlOverHttpRules } from "./lib/graphql-http.js";
import { apolloArmor, refusalInPortuguese, wsValidationRules } from "./lib/graphql-limits.js";
import { applyMigrations } from "./lib/migrate.js";
import { restApi, restErrorHandler } from "./rest/index.js";
import { legacySockets } from "./rest/sockets.js";
import { graphqlWebSocket } from "./graphql-ws.js";
import { schema } from "./schema.js";
import { seedIfEmpty, seedInChildProcess, seedsInChildProcess } from "./seed/auto.js";
import { createServices, createStorage, type Services } from "./services.js";
import { boardResponseCache, stringifyAnswer } from "./graphql/board-response-cache.js";
import { partnerIdentity, partnerOperationsOnly } from "./graphql/partner-door.js";
import { graphqlUploads } from "./graphql/uploads.js";
import { repoPath } from "./paths.js";
import { webDelivery } from "./web-delivery.js";
import { createHomePage, type HomePage } from "./first-screen.js";

/** Largest GraphQL JSON body; an upload (a 5 MB image) is a multipart request with its own limits (graphql/uploads.ts). */
export const GRAPHQL_BODY_LIMIT = "100kb";
const DEFAULT_WEB_DIST = repoPath("web", "dist");
/** The CSP source that allows the web pages' inline early-tap script, and no other inline script. */
export const EARLY_TAPS_SCRIPT_HASH = `'sha256-${createHash("sha256").update(EARLY_TAPS_SCRIPT).digest("base64")}'`;
/** Longest /readyz waits for the database and for Redis before naming them missing. */
export const READY_TIMEOUT_MS = 2000;
/** On shutdown, after it stops listening: time for requests sent over fresh connections to arrive before idle ones end. */
const ARRIVE_AFTER_CLOSE_MS = 500;
/** On shutdown, longest wait before new connections are refused (a proxy sees /readyz turn 503 meanwhile). */
export const REFUSE_AFTER_MS = 2000;
/** On shutdown, longest wait for the WebSocket clients to answer the 1012 close. */
const SOCKET_CLOSE_WAIT_MS = 1000;

export interface AppOptions {
  config: Config;
  clock?: Clock;
  log?: Logger;
  /** An already opened database (tests share one); otherwise opened from the config. */
  db?: Database;
}

export interface App {
  server: Server;
  services: Services;
  /** The /chat and /notifications sockets (tests call their heartbeat). */
  sockets: ReturnType<typeof legacySockets>;
  /** graphql-ws on /graphql (tests call its keep-alive). */
  graphqlWs: ReturnType<typeof graphqlWebSocket>;
  listen(port?: number, host?: string): Promise<string>;
  /**
   * A clean stop (SIGTERM): /readyz turns 503 at once; after a short grace new connections are
   * refused; sockets close with 1012; timed jobs stop at a safe point; requests in flight have until
   * `graceMs` to finish; then everything is closed.
   */
  shutdown(graceMs: number): Promise<void>;
  close(): Promise<void>;
}

/** Builds the whole HTTP server: REST, GraphQL over HTTP and WebSocket, health, and the web app. */
export async function createApp(options: AppOptions): Promise<App> {
  const { config } = options;
  const clock = options.clock ?? systemClock;
  const log = options.log ?? createLogger(config.LOG_LEVEL);
  const ownsDb = !options.db;
  // The first start of an embedded club: the database and its demo are made by a child process (seed/auto.ts).
  if (ownsDb && seedsInChildProcess(config)) await seedInChildProcess(config, log);
  const db = options.db ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: config.DATABASE_POOL_MAX }));
  const applied = await applyMigrations(db.raw);
  if (applied.length) log.info({ applied }, "migrations applied");
  // One storage for the demo's photos and the services that serve them.
  const storage = createStorage(config, db);
  if (storage.kind === "disk" && config.DATABASE_URL) {
    log.warn("STORAGE=disk with DATABASE_URL: uploads stay on this instance's disk, other instances answer 404 for them");
  }
  await seedIfEmpty(db, config, log, clock.now(), storage);
  // Collected only when someone may read them (METRICS_TOKEN).
  const metrics = config.METRICS_TOKEN ? createMetrics() : null;
  const services = createServices({ config, db, clock, log, storage, metrics });
  const promoted = await applySuperuserPhones(db.prisma, services.sessions, config.SUPERUSER_PHONES);
  if (promoted) log.info({ promoted }, "superuser phones applied");
  const app = express();
  const server = createServer(app);
  app.disable("x-powered-by");
  // API answers are not revalidated (the board says no-store); hashing every body costs CPU.
  app.set("etag", false);
  app.set("trust proxy", config.TRUST_PROXY === "true" ? true : config.TRUST_PROXY === "false" ? false : config.TRUST_PROXY);
  /** Set by `shutdown`: /readyz answers 503 and upgrades are refused. */
  let draining = false;
  if (metrics) app.use(countRequests(metrics));

  app.use(securityHeaders());
  app.use(pinoHttp({ logger: log, autoLogging: { ignore: (req) => req.url === "/healthz" || req.url === "/readyz" }, ...REQUEST_LINE_OPTIONS }));
  // Answers over 1 KB (JSON, pages, the CSV download) in brotli or gzip as the client accepts; files
  // already compressed (the built assets, xlsx, images) and WebSocket upgrades are not touched.
  app.use(compression());

  registerHealthRoutes(app, { db, services, metrics, config, draining: () => draining });

  // A partner's Bearer key replaces the session on /graphql: no cookie is read, so no CSRF check applies.
  const unlessPartner = (handler: (req: Request, res: Response, next: NextFunction) => unknown) => (req: Request, res: Response, next: NextFunction) =>
    req.partner ? next() : handler(req, res, next);
  app.use("/graphql", partnerIdentity(services));
  app.use(["/api", "/graphql"], unlessPartner(identity(services)), unlessPartner(csrfGuard(services)));
  app.use("/api", restApi(services));

  // Upgrades never pass through Express: their client address is read with Express's own trust rule.
  const trustProxy = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
  const socketDoor: SocketDoor = {
    addressOf: (request) => proxyAddr(request, trustProxy),
    caps: createSocketCaps({
      perAddress: config.SOCKETS_PER_ADDRESS,
      anonymousPerAddress: config.ANONYMOUS_SOCKETS_PER_ADDRESS,
      perMember: config.SOCKETS_PER_MEMBER,
    }),
  };
  const graphqlWs = graphqlWebSocket(services, wsValidationRules, socketDoor);
  const sockets = legacySockets(services, socketDoor);
  metrics?.observe({
    sockets: () => ({ "/graphql": graphqlWs.openSockets(), ...sockets.openSockets() }),
    subscriptions: graphqlWs.activeOperations,
    pool: db.pool,
  });
  services.presence.start();
  services.queue.start();
  server.on("upgrade", (request, socket, head) => {
    // A reset during the handshake must not become an uncaught 'error' event.
    socket.on("error", (error) => log.debug({ err: error }, "socket error during upgrade"));
    try {
      upgrade(request, socket, head);
    } catch (error) {
      log.error({ err: error }, "WebSocket upgrade failed");
      socket.destroy();
    }
  });
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (draining) {
      socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    const pathname = pathnameOf(request.url);
    if (pathname === null) {
      socket.end("HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      return;
    }
    if (sockets.handles(pathname)) {
      sockets.upgrade(pathname, request, socket, head).catch((error: unknown) => {
        log.error({ err: error }, "legacy socket upgrade failed");
        socket.destroy();
      });
      return;
    }
    if (pathname !== "/graphql" || isCrossSite(request, config.PUBLIC_URL)) {
      socket.write("HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n");
      socket.destroy();
      return;
    }
    graphqlWs.upgrade(request, socket, head).catch((error: unknown) => {
      log.error({ err: error }, "graphql-ws upgrade failed");
      socket.destroy();
    });
  };

  // Visitors without a session are counted per address; members are known and counted per action.
  const anonymousGraphqlLimit = (req: Request, _res: Response, next: NextFunction) => {
    if (req.auth || req.partner) return next();
    assertAllowed(services.limits.anonymousGraphql, req.ip ?? "unknown").then(() => next(), next);
  };
  const apollo = createApolloServer({ config, log, server, services, metrics, graphqlWs });
  await apollo.start();
  app.use(
    "/graphql",
    // Files (the banners' images) come as GraphQL multipart requests, refused early unless a signed-in
    // member sent the preflight header; everything else is JSON: the largest form (the profile) is a few kilobytes.
    graphqlUploads(),
    express.json({ limit: GRAPHQL_BODY_LIMIT }),
    anonymousGraphqlLimit,
    expressMiddleware(apollo, {
      context: async ({ req, res }: { req: Request; res: Response }): Promise<GraphQLContext> => ({
        services,
        user: req.partner ? null : (req.auth?.user ?? null),
        partner: req.partner ?? null,
        sessionToken: req.sessionToken,
        meta: { ip: req.ip, userAgent: req.get("user-agent"), deviceKey: deviceKeyOf(req) },
        setSessionCookie: (token, expiresAt) => setSessionCookie(res, services, token, expiresAt),
        clearSessionCookie: () => clearSessionCookie(res),
        setDeviceCookie: (key) => setDeviceCookie(res, services, key),
      }),
    }),
  );
  app.use(["/api", "/graphql"], restErrorHandler(services));

  const webDist = config.WEB_DIST ?? DEFAULT_WEB_DIST;
  let homePage: HomePage | undefined;
  if (existsSync(join(webDist, "index.html"))) {
    homePage = createHomePage({
      ssrDir: join(dirname(webDist), "dist-ssr"),
      executeAsVisitor: async (query, variables) => {
        const response = await apollo.executeOperation({ query, variables }, { contextValue: visitorContext(services) });
        return response.body.kind === "single" ? response.body.singleResult : { errors: ["incremental answer"] };
      },
      // Board changes on any instance, and those that may have been missed while the bus was cut off.
      changes: Repeater.merge([services.bus.pubsub.subscribe("offers:changed"), eventsMissed(services.bus)]),
      log,
    });
    app.use(
      webDelivery(webDist, {
        homePage,
        ownBoard: async (token) => {
          const session = await services.sessions.resolve(token);
          return session !== null && !(await services.offers.board.seesSharedBoard(session.user.id));
        },
      }),
    );
  } else {
    app.get("/", (_req, res) => {
      res.type("text/plain").send("O app web ainda não foi compilado: execute `npm run build`.");
    });
  }

  let closed = false;
  let shuttingDown: Promise<void> | null = null;
  const close = async () => {
    if (closed) return;
    closed = true;
    graphqlWs.close();
    sockets.close();
    homePage?.close();
    await apollo.stop();
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
    await services.close();
    if (ownsDb) await db.close();
  };
  return {
    server,
    services,
    sockets,
    graphqlWs,
    listen(port = config.PORT, host = config.HOST) {
      return new Promise((resolve, reject) => {
        server.once("error", reject);
        server.listen(port, host, () => {
          const { port: actual } = server.address() as AddressInfo;
          const loopback = host === "0.0.0.0" || host === "::" ? "127.0.0.1" : host.includes(":") ? `[${host}]` : host;
          services.setOwnWebhookUrl(`http://${loopback}:${actual}/api/webhooks/asaas`);
          resolve(`http://${host === "0.0.0.0" ? "localhost" : host}:${actual}`);
        });
      });
    },
    shutdown(graceMs) {
      shuttingDown ??= (async () => {
        const started = Date.now();
        draining = true;
        // The grace counts from the signal: what is still in flight then is cut.
        const cut = setTimeout(() => {
          log.warn("shutdown grace over: closing the connections still open");
          server.closeAllConnections();
        }, graceMs);
        cut.unref();
        // No new job run; the one in progress ends at its next safe point (services.close waits for it).
        void services.stopJobs();
        // The proxy's next readiness check sees 503 and stops sending traffic here; until the
        // connections are refused it is still served (no wait in development: a restart is instant).
        if (config.NODE_ENV !== "development") await sleep(Math.min(REFUSE_AFTER_MS, graceMs / 4));
        // Clients reconnect on 1012 (to another instance behind a proxy) and catch up on what they missed.
        await Promise.all([graphqlWs.closeForRestart(SOCKET_CLOSE_WAIT_MS), sockets.closeForRestart(SOCKET_CLOSE_WAIT_MS)]);
        // Apollo's drain (in close) stops listening, ends idle keep-alive connections and lets the
        // requests in flight finish; `cut` ends those still running at the grace.
        log.info({ ms: Date.now() - started }, "sockets closed: draining the requests in flight");
        // Stop listening first, and let the requests already on their way over a fresh connection
        // arrive before the drain ends the idle ones: a proxy that had just sent a POST on one would
        // answer 502 (it does not send a POST again once sent). net's close, not http's, which would
        // end the idle connections at once.
        if (server.listening && config.NODE_ENV !== "development") {
          NetServer.prototype.close.call(server);
          await sleep(Math.min(ARRIVE_AFTER_CLOSE_MS, graceMs / 8));
        }
        await close();
        clearTimeout(cut);
      })();
      return shuttingDown;
    },
    close,
  };
}

/** The security headers of every answer: the CSP allows the pages' one inline script by its hash. */
function securityHeaders() {
  return helmet({
    contentSecurityPolicy: {
      directives: {
        "default-src": ["'self'"],
        // The pages' one inline script, by its hash (schema/src/earlyTaps.ts).
        "script-src": ["'self'", EARLY_TAPS_SCRIPT_HASH],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": ["'self'", "ws:", "wss:"],
        "frame-ancestors": ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
}

/** /healthz, /readyz (503 while `draining`) and /metrics (with METRICS_TOKEN only). */
function registerHealthRoutes(
  app: Express,
  deps: { db: Database; services: Services; metrics: Metrics | null; config: Config; draining: () => boolean },
) {
  const { db, services, metrics, config } = deps;
  // The process answers (and its database): a proxy restarts an instance on failure. `busConnected`
  // says whether its events reach the other instances (false while Redis is unreachable).
  app.get("/healthz", async (_req, res) => {
    try {
      await db.prisma.$queryRaw`SELECT 1`;
      res.json({ status: "ok", database: db.describe, bus: services.bus.kind, busConnected: services.bus.connected });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  });

  // Whether to send it traffic: 200 only when the database and (when configured) Redis answer
  // within READY_TIMEOUT_MS; otherwise 503 naming what is missing.
  app.get("/readyz", async (_req, res) => {
    if (deps.draining()) return void res.status(503).json({ status: "draining" });
    const database = await answersWithin(db.prisma.$queryRaw`SELECT 1`.then(() => true), READY_TIMEOUT_MS);
    const checks: Record<string, boolean> = { database };
    if (services.bus.kind === "redis") checks.redis = await services.bus.reachable(READY_TIMEOUT_MS);
    const missing = Object.keys(checks).filter((name) => !checks[name]);
    const states = Object.fromEntries(Object.entries(checks).map(([name, ok]) => [name, ok ? "ok" : "unreachable"]));
    res.status(missing.length ? 503 : 200).json({ status: missing.length ? "unavailable" : "ready", ...states, ...(missing.length ? { missing } : {}) });
  });

  // Prometheus' text format, for the holder of METRICS_TOKEN only; not there without it.
  app.get("/metrics", async (req, res) => {
    if (!metrics || !config.METRICS_TOKEN) return void res.status(404).type("text/plain").send("Not found");
    if (!bearerMatches(req.get("authorization"), config.METRICS_TOKEN)) {
      return void res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Token de métricas inválido");
    }
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}

/** The GraphQL server: its limits, its errors in Portuguese, its plugins (drain, board cache, metrics). */
function createApolloServer(deps: {
  config: Config;
  log: Logger;
  server: Server;
  services: Services;
  metrics: Metrics | null;
  graphqlWs: ReturnType<typeof graphqlWebSocket>;
}) {
  const { config, log, server, services, metrics, graphqlWs } = deps;
  const armor = apolloArmor();
  return new ApolloServer<GraphQLContext>({
    schema,
    // Partners and tools read the printed schema (schema/schema.graphql); production does not serve it.
    introspection: config.NODE_ENV !== "production",
    csrfPrevention: true,
    allowBatchedHttpRequests: false,
    // No client sends persisted queries (the web app and partners send the text): a request that
    // carries the extension is refused with 400 (graphqlOverHttpRules), and no cache of queries grows.
    persistedQueries: false,
    // main.ts handles SIGTERM and SIGINT (App.shutdown). Apollo's own handlers (on by default outside
    // NODE_ENV=test) stopped Apollo and raised the signal again, which main.ts took for a second
    // signal: every stop of the compiled server exited 1 within milliseconds, without its drain.
    stopOnTerminationSignals: false,
    // Board answers served from memory are sent as text made once (see boardResponseCache).
    stringifyResult: stringifyAnswer,
    includeStacktraceInErrorResponses: config.EXPOSE_ERROR_DETAILS,
    validationRules: armor.validationRules,
    parseOptions: armor.parseOptions,
    formatError: (formatted, error) => {
      const original = (error as { originalError?: unknown }).originalError;
      const known = original === undefined ? null : toAppError(original);
      if (known) {
        const retry = known.retryAfterSeconds ? { retryAfterSeconds: known.retryAfterSeconds } : {};
        return { message: known.message, extensions: { code: known.code, status: known.status, ...retry } };
      }
      if (formatted.extensions?.code === "INTERNAL_SERVER_ERROR") {
        log.error({ err: original ?? error }, "unexpected GraphQL error");
        return { message: ERROR_MESSAGES.INTERNAL, extensions: { code: "INTERNAL" } };
      }
      return refusalInPortuguese(formatted);
    },
    plugins: [
      partnerOperationsOnly,
      ...armor.plugins,
      graphqlOverHttpRules,
      // Requests in flight finish, up to the shutdown's grace (counted from the signal, see `shutdown`).
      ApolloServerPluginDrainHttpServer({ httpServer: server, stopGracePeriodMillis: config.SHUTDOWN_GRACE_SECONDS * 1000 }),
      ApolloServerPluginLandingPageDisabled(),
      // No cache hints are used: skip the per-field cache-control bookkeeping.
      ApolloServerPluginCacheControlDisabled(),
      boardResponseCache(services.offers.board),
      ...(metrics ? [countOperations(metrics)] : []),
      { async serverWillStart() { return { async drainServer() { await graphqlWs.dispose(); } }; } },
    ],
  });
}

/** The path of a request target, or null when it is not a valid URL path. */
function pathnameOf(target: string | undefined): string | null {
  try {
    return new URL(target ?? "/", "http://localhost").pathname;
  } catch {
    return null;
  }
}

/** Who a server-side read for the public pages is: nobody (no session, no partner, no cookies set). */
function visitorContext(services: Services): GraphQLContext {
  return {
    services,
    user: null,
    partner: null,
    meta: { ip: undefined, userAgent: undefined, deviceKey: undefined },
    setSessionCookie: () => undefined,
    clearSessionCookie: () => undefined,
    setDeviceCookie: () => undefined,
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether an Authorization header carries exactly this Bearer token (compared in constant time). */
function bearerMatches(header: string | undefined, token: string) {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match) return false;
  const given = Buffer.from(match[1]);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The route pattern a request matched ("/api/offers/:id"), never its raw path: no ids in labels.
 * GraphQL is one route (its operations are counted apart); files and pages without a route share one.
 */
function routeOf(req: Request): string {
  const route = (req as Request & { route?: { path?: unknown } }).route;
  if (route && typeof route.path === "string") return `${req.baseUrl}${route.path}`;
  if (req.baseUrl === "/graphql") return "/graphql";
  return route ? "(web page)" : "(no route)";
}

/** Counts every answered request and its duration by method, route pattern and status. */
function countRequests(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = performance.now();
    res.once("finish", () => {
      const route = routeOf(req);
      metrics.httpRequests.inc({ method: req.method, route, status: String(res.statusCode) });
      metrics.httpDuration.observe({ method: req.method, route }, (performance.now() - started) / 1000);
    });
    next();
  };
}

/** GraphQL operations over HTTP by name (the web client's names; others as "other"), type and outcome. */
function countOperations(metrics: Metrics): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      const started = performance.now();
      let type = "unknown";
      return {
        async didResolveOperation(request) {
          type = request.operation?.operation ?? "unknown";
        },
        async willSendResponse(request) {
          const operation = operationLabel(request.operationName ?? request.request.operationName);
          const body = request.response.body;
          const failed = (body.kind === "single" && body.singleResult.errors?.length) || request.errors?.length;
          metrics.graphqlOperations.inc({ operation, type, outcome: failed ? "error" : "ok" });
          metrics.graphqlDuration.observe({ operation, type }, (performance.now() - started) / 1000);
        },
      };
    },
  };
}
