import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

/** How many sockets (graphql-ws, /chat, /notifications together) this instance keeps open at once. */
export interface SocketLimits {
  /** From one client address, anonymous and signed-in together. */
  perAddress: number;
  /** From one client address without a session (within perAddress): visitors cannot crowd members out. */
  anonymousPerAddress: number;
  /** Of one member, whatever the address. */
  perMember: number;
}

/** Which cap refused a socket: one of its address's, or one of the member's. */
export type SocketRefusal = "address" | "member";

/** What a refused upgrade is told (an older client may read it; a browser only sees the failure). */
export const SOCKET_REFUSALS: Record<SocketRefusal, string> = {
  address: "Conexões demais abertas a partir deste endereço. Aguarde um pouco e tente novamente.",
  member: "Você tem conexões demais abertas. Feche algumas abas do Clube Coroa e tente novamente.",
};

/** Seconds a refused client is asked to wait before trying again. */
const RETRY_AFTER_SECONDS = 30;

/**
 * Counts this instance's open sockets per client address and per member
 * (docs/decisions/0162-caps-per-instance.md). `admit` is synchronous, so a check and its count cannot be split by another upgrade; the
 * place is given back when the TCP socket closes, whichever way it ends (handshake failure, close,
 * terminate).
 */
export function createSocketCaps(limits: SocketLimits) {
  const byAddress = new Map<string, { all: number; anonymous: number }>();
  const byMember = new Map<number, number>();

  return {
    /** Takes a place for a socket about to be upgraded, or names the cap it would pass. */
    admit(socket: Duplex, address: string, memberId: number | null): SocketRefusal | null {
      // Already gone (the client left while its session was looked up): the upgrade will not happen.
      if (socket.destroyed) return null;
      const here = byAddress.get(address) ?? { all: 0, anonymous: 0 };
      if (memberId !== null && (byMember.get(memberId) ?? 0) >= limits.perMember) return "member";
      if (here.all >= limits.perAddress || (memberId === null && here.anonymous >= limits.anonymousPerAddress)) return "address";
      here.all += 1;
      if (memberId === null) here.anonymous += 1;
      byAddress.set(address, here);
      if (memberId !== null) byMember.set(memberId, (byMember.get(memberId) ?? 0) + 1);
      socket.once("close", () => {
        here.all -= 1;
        if (memberId === null) here.anonymous -= 1;
        if (here.all === 0) byAddress.delete(address);
        if (memberId === null) return;
        const left = (byMember.get(memberId) ?? 1) - 1;
        if (left === 0) byMember.delete(memberId);
        else byMember.set(memberId, left);
      });
      return null;
    },
  };
}

export type SocketCaps = ReturnType<typeof createSocketCaps>;

/** What the socket doors get from the app: the client's address as Express reads it (TRUST_PROXY), and the caps. */
export interface SocketDoor {
  addressOf(request: IncomingMessage): string;
  caps: SocketCaps;
}

/**
 * Answers an upgrade beyond a cap with 429 before the handshake, in the REST door's shape: no socket
 * is made, and the web app's graphql-ws client retries with its backoff (1 s doubling to 30 s).
 */
export function refuseTooManySockets(socket: Duplex, refusal: SocketRefusal) {
  const body = JSON.stringify({ success: false, error: SOCKET_REFUSALS[refusal], code: "RATE_LIMITED", retryAfterSeconds: RETRY_AFTER_SECONDS });
  socket.write(
    "HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n" +
      `Retry-After: ${RETRY_AFTER_SECONDS}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.destroy();
}
