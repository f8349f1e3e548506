import type { WebSocket, WebSocketServer } from "ws";

/** Proxies commonly cut a connection idle for 60 s; a ping every 30 s keeps it open. */
export const SOCKET_PING_MS = 30_000;

/** A connection whose session ended (logout, expiry, deletion, role change); 4000-4999 are ours. */
export const CLOSE_SESSION_ENDED = 4401;
export const SESSION_ENDED_REASON = "Sessão encerrada";
/** The server is restarting (RFC 6455's 1012): clients reconnect, to another instance behind a proxy. */
export const CLOSE_SERVICE_RESTART = 1012;
export const SERVICE_RESTART_REASON = "Servidor reiniciando";

/** Closes every socket of `servers` with 1012; answers once they are closed or after `waitMs`. */
export async function closeForRestart(servers: Iterable<WebSocketServer>, waitMs: number) {
  const closing: Promise<void>[] = [];
  for (const server of servers) {
    for (const ws of server.clients) {
      if (ws.readyState === ws.CLOSED) continue;
      closing.push(new Promise((resolve) => ws.once("close", () => resolve())));
      if (ws.readyState === ws.OPEN) ws.close(CLOSE_SERVICE_RESTART, SERVICE_RESTART_REASON);
    }
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([Promise.all(closing), new Promise((resolve) => (timer = setTimeout(resolve, waitMs)))]);
  clearTimeout(timer);
}

/**
 * Pings every socket of `servers` each round and terminates one that did not answer the previous
 * ping (a vanished client or a half-open TCP connection). Returns the round, so tests can run one.
 */
export function keepAlive(servers: WebSocketServer[]) {
  const unanswered = new WeakSet<WebSocket>();
  for (const server of servers) server.on("connection", (ws: WebSocket) => ws.on("pong", () => unanswered.delete(ws)));
  const round = () => {
    for (const server of servers) {
      for (const ws of server.clients) {
        if (ws.readyState !== ws.OPEN) continue;
        if (unanswered.has(ws)) {
          ws.terminate();
          continue;
        }
        unanswered.add(ws);
        ws.ping();
      }
    }
  };
  const timer = setInterval(round, SOCKET_PING_MS);
  timer.unref();
  return { round, stop: () => clearInterval(timer) };
}
