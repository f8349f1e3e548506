// A TCP proxy between app instances and the tests' Redis, which a test cuts and restores to play a
// Redis outage without touching the shared Redis server.
import { connect, createServer, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

export interface RedisProxy {
  /** redis://127.0.0.1:<port>, with the real URL's credentials and database. */
  url: string;
  /** Closes every connection through the proxy, and any new one at once, until `restore`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function redisProxy(redisUrl: string): Promise<RedisProxy> {
  const target = new URL(redisUrl);
  const sockets = new Set<Socket>();
  let open = true;
  const server = createServer((client) => {
    if (!open) return void client.destroy();
    const upstream = connect(Number(target.port || 6379), target.hostname);
    const pair = [client, upstream];
    const end = () => pair.forEach((socket) => (socket.destroy(), sockets.delete(socket)));
    for (const socket of pair) {
      sockets.add(socket);
      socket.on("error", end).on("close", end);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = new URL(redisUrl);
  url.hostname = "127.0.0.1";
  url.port = String((server.address() as AddressInfo).port);
  const cut = () => {
    open = false;
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    url: url.toString(),
    cut,
    restore: () => void (open = true),
    async close() {
      cut();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
