import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocketServer, type WebSocket } from "ws";
import { createSubscriptionLink } from "./subscriptionLink";

/** A graphql-transport-ws server: the first connection is closed with 1012 (a restart) once subscribed; the next one answers. */
async function restartingServer() {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1", handleProtocols: () => "graphql-transport-ws" });
  let connections = 0;
  server.on("connection", (ws: WebSocket) => {
    const connection = ++connections;
    ws.on("message", (raw) => {
      const message = JSON.parse(raw.toString()) as { type: string; id?: string };
      if (message.type === "connection_init") ws.send(JSON.stringify({ type: "connection_ack" }));
      if (message.type !== "subscribe") return;
      if (connection === 1) ws.close(1012, "Servidor reiniciando");
      else ws.send(JSON.stringify({ id: message.id, type: "next", payload: { data: { offersChanged: { kind: "created" } } } }));
    });
  });
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return { server, host: `127.0.0.1:${port}`, connections: () => connections };
}

let stop: (() => void) | undefined;
afterEach(() => stop?.());

describe("the subscription link", () => {
  it("comes back after a 1012 close (a server restart) without an error reaching the subscriber, and says it reconnected", async () => {
    const { server, host, connections } = await restartingServer();
    let connected = 0;
    const link = createSubscriptionLink("/graphql", () => void (connected += 1), { protocol: "http:", host });
    stop = () => {
      void link.client.dispose();
      server.close();
    };
    const errors: unknown[] = [];
    const value = await new Promise((resolve) => {
      link.client.subscribe(
        { query: "subscription { offersChanged { kind } }" },
        { next: resolve, error: (error) => errors.push(error), complete: () => undefined },
      );
    });
    expect(value).toEqual({ data: { offersChanged: { kind: "created" } } });
    expect(errors).toEqual([]);
    expect(connections()).toBe(2);
    // Once per connection: the screens' catch-up runs after the reconnect.
    expect(connected).toBe(2);
  });
});
