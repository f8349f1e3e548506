// A small push service speaking Web Push's wire format (RFC 8030 + 8291 + 8292), as FCM, Mozilla or
// Apple would receive a push: it checks the VAPID JWT (ES256 with the key in `k`, `aud` = the
// endpoint's origin, `exp` within 24 hours), decrypts the aes128gcm body with the subscriber's
// private key and auth secret, and answers 201, 410 or 429 (with Retry-After) as the test asks.
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
// web-push's own dependency: the receiver's side of RFC 8188.
import ece from "http_ece";

export interface FakeSubscriber {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
}

export interface ReceivedPush {
  subscriber: string;
  status: number;
  message: { title: string; body: string; link: string } | null;
  ttl: number;
  urgency: string | undefined;
  topic: string | undefined;
  /** Why the fake refused it (401/400), when it did. */
  problem?: string;
}

type Answer = { status: number; retryAfter?: string };

const b64url = (buffer: Buffer) => buffer.toString("base64url");

/** Checks `Authorization: vapid t=<jwt>, k=<key>`; answers the problem or null. */
export function checkVapid(authorization: string | undefined, audience: string, expectedKey?: string, now = Date.now()): string | null {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(authorization ?? "");
  if (!match) return "no vapid authorization";
  const [, jwt, k] = match;
  if (expectedKey && k !== expectedKey) return "unknown application server key";
  const raw = Buffer.from(k, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) return "bad k";
  const key = createPublicKey({ key: { kty: "EC", crv: "P-256", x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33)) }, format: "jwk" });
  const [head, claims, signature] = jwt.split(".");
  const joseHeader = JSON.parse(Buffer.from(head, "base64url").toString());
  if (joseHeader.alg !== "ES256") return "alg is not ES256";
  if (!verify("sha256", Buffer.from(`${head}.${claims}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature, "base64url"))) return "bad signature";
  const body = JSON.parse(Buffer.from(claims, "base64url").toString());
  if (body.aud !== audience) return `aud ${body.aud} is not ${audience}`;
  const seconds = now / 1000;
  if (typeof body.exp !== "number" || body.exp <= seconds || body.exp > seconds + 24 * 3600) return "exp out of range";
  if (typeof body.sub !== "string" || !/^(mailto:|https:)/.test(body.sub)) return "bad sub";
  return null;
}

export class FakePushService {
  server: Server;
  origin = "";
  received: ReceivedPush[] = [];
  /** Answers by subscriber id; the default is 201. A list is used up one request at a time. */
  answers = new Map<string, Answer[] | Answer>();
  /** Requests held without an answer while set (an instance killed mid-request). */
  hold = false;
  held: { subscriber: string }[] = [];
  expectedKey: string | undefined;
  private subscribers = new Map<string, FakeSubscriber>();

  constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const id = decodeURIComponent((req.url ?? "").replace(/^\/push\//, ""));
        const subscriber = this.subscribers.get(id);
        if (req.method !== "POST" || !subscriber) return void res.writeHead(404).end();
        if (this.hold) {
          this.held.push({ subscriber: id });
          return;
        }
        const record = (status: number, message: ReceivedPush["message"], problem?: string) =>
          this.received.push({
            subscriber: id,
            status,
            message,
            problem,
            ttl: Number(req.headers.ttl),
            urgency: req.headers.urgency as string | undefined,
            topic: req.headers.topic as string | undefined,
          });
        const problem = checkVapid(req.headers.authorization, this.origin, this.expectedKey);
        if (problem) {
          record(401, null, problem);
          return void res.writeHead(401).end(problem);
        }
        if (req.headers["content-encoding"] !== "aes128gcm" || !req.headers.ttl) {
          record(400, null, "not aes128gcm or no TTL");
          return void res.writeHead(400).end();
        }
        let message: ReceivedPush["message"];
        try {
          const plain = ece.decrypt(Buffer.concat(chunks), { version: "aes128gcm", privateKey: subscriber.ecdh, authSecret: subscriber.keys.auth });
          message = JSON.parse(plain.toString("utf8"));
        } catch (error) {
          record(400, null, `cannot decrypt: ${(error as Error).message}`);
          return void res.writeHead(400).end();
        }
        const planned = this.answers.get(id);
        const answer: Answer = (Array.isArray(planned) ? planned.shift() : planned) ?? { status: 201 };
        record(answer.status, message);
        res.writeHead(answer.status, answer.retryAfter ? { "retry-after": answer.retryAfter } : {});
        res.end();
      });
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.origin = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A browser's subscription at this service: its own P-256 key pair and auth secret. */
  subscriber(id = randomBytes(6).toString("hex")): FakeSubscriber {
    const ecdh = createECDH("prime256v1");
    ecdh.generateKeys();
    const subscriber = { id, endpoint: `${this.origin}/push/${id}`, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(randomBytes(16)) }, ecdh };
    this.subscribers.set(id, subscriber);
    return subscriber;
  }

  /** Pushes it accepted (201) for the subscriber. */
  delivered(id: string) {
    return this.received.filter((push) => push.subscriber === id && push.status === 201);
  }

  stop() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
