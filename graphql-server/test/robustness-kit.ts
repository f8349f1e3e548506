// What the robustness suites share: raw sockets for requests fetch would tidy up, the checks that
// the server survived and wrote nothing, and the shapes of a refusal as each door's client reads it.
import { connect, type Socket } from "node:net";
import { expect } from "vitest";
import { TestClient, type HttpAnswer, type TestApp } from "./harness.js";

/** /healthz answers 200 from a fresh connection: the process survived what came before. */
export async function stillServing(t: TestApp) {
  const health = await new TestClient(t.url).rest("GET", "/healthz");
  expect(health.status).toBe(200);
  expect(health.body).toMatchObject({ status: "ok" });
}

/** Rows in every table a member's request can write. */
export async function rowCounts(t: TestApp) {
  const p = t.app.services.prisma;
  return {
    users: await p.user.count(),
    sessions: await p.session.count(),
    loginTokens: await p.loginToken.count(),
    trustedDevices: await p.trustedDevice.count(),
    offers: await p.offer.count(),
    publications: await p.offerPublication.count(),
    likes: await p.like.count(),
    conversations: await p.conversation.count(),
    conversationMembers: await p.conversationMember.count(),
    messages: await p.message.count(),
    reports: await p.report.count(),
    auditLogs: await p.auditLog.count(),
  };
}

/** Runs `attack`, then checks that no table gained or lost a row. */
export async function writesNothing(t: TestApp, attack: () => Promise<void>) {
  const before = await rowCounts(t);
  await attack();
  expect(await rowCounts(t)).toEqual(before);
}

const INTERNALS = /stacktrace|node_modules|\/src\/|\.[cm]?[jt]s:\d+|at [\w.<>]+ \(/;

/** An answer carries no stack trace, server path or source location. */
export function expectNoInternals(answer: { body: unknown }) {
  const text = typeof answer.body === "string" ? answer.body : JSON.stringify(answer.body ?? null);
  expect(text).not.toMatch(INTERNALS);
}

/** A REST refusal: `{ success: false, error, code }` with the status, and nothing internal. */
export function expectRefused(answer: HttpAnswer, status: number, code: string, message: string | RegExp) {
  expect({ status: answer.status, body: answer.body }).toMatchObject({
    status,
    body: { success: false, code, error: typeof message === "string" ? message : expect.stringMatching(message) },
  });
  expectNoInternals(answer);
}

/** A GraphQL request refused as a whole: `{ errors: [{ message, extensions: { code } }] }`, no data. */
/**
 * A request GraphQL refused before running it: the status, the code, and the message. A string is
 * the Portuguese message itself; a pattern is matched against graphql-js's English, which the answer
 * keeps in `extensions.detail` under a Portuguese message.
 */
export function expectGraphqlRefused(answer: HttpAnswer, status: number, code: string, message: string | RegExp) {
  expect(answer.status).toBe(status);
  expect(answer.body?.data).toBeUndefined();
  const error = answer.body?.errors?.[0];
  if (typeof message === "string") expect(error).toMatchObject({ message, extensions: { code } });
  else {
    expect(error).toMatchObject({ extensions: { code, detail: expect.stringMatching(message) } });
    expect(error.message).toMatch(/^(Consulta|Requisição|Valor|Operação) /);
  }
  expectNoInternals(answer);
}

/** A GraphQL field that failed: HTTP 200, the field's error with its code, no data for it. */
export function expectFieldError(answer: HttpAnswer, code: string, message: string | RegExp) {
  expect(answer.status).toBe(200);
  expect(answer.body?.errors?.[0]).toMatchObject({
    message: typeof message === "string" ? message : expect.stringMatching(message),
    extensions: { code },
  });
  expect(answer.body?.data ?? null).toBeNull();
  expectNoInternals(answer);
}

/** A mutation's `AppError` result (the union member), as the web app reads it. */
export function expectAppErrorResult(answer: HttpAnswer, field: string, code: string, message: string | RegExp) {
  expect(answer.status).toBe(200);
  expect(answer.body?.errors).toBeUndefined();
  expect(answer.body?.data?.[field]).toMatchObject({
    __typename: "AppError",
    code,
    message: typeof message === "string" ? message : expect.stringMatching(message),
  });
}

/** Sends bytes as the body with the given headers (fetch sets Content-Length, or chunks a stream). */
export async function sendBytes(
  t: TestApp,
  method: string,
  path: string,
  body: Buffer | string | ReadableStream<Uint8Array>,
  headers: Record<string, string> = {},
): Promise<HttpAnswer> {
  const response = await fetch(`${t.url}${path}`, {
    method,
    headers,
    body: body as RequestInit["body"],
    ...(body instanceof ReadableStream ? { duplex: "half" } : {}),
  } as RequestInit);
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed, headers: response.headers };
}

export interface RawAnswer {
  /** The status of the first response line, or null when nothing came back. */
  status: number | null;
  head: string;
  body: string;
  /** The server closed the connection (rather than the wait running out). */
  closedByServer: boolean;
}

/**
 * Writes bytes on a new TCP connection exactly as given (fetch and ws would normalise the path or
 * fill in headers), and reads the answer until the server closes, a whole response with
 * Content-Length has come, or `waitMs` pass.
 */
export function rawExchange(t: TestApp, chunks: (string | Buffer)[], waitMs = 3000): Promise<RawAnswer> {
  const { port } = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1");
    let received = Buffer.alloc(0);
    let done = false;
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseRaw(received), closedByServer });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on("connect", () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    socket.on("data", (data) => {
      received = Buffer.concat([received, data]);
      const { head, body, length } = parseRaw(received);
      // A complete answer that keeps the connection open: done; one that closes it: wait for the close.
      if (length !== null && Buffer.byteLength(body) >= length && !/\r\nconnection: *close/i.test(head)) finish(false);
    });
    socket.on("end", () => finish(true));
    socket.on("close", () => finish(true));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      // The server may reset a connection it refused while we were still writing.
      if (error.code === "ECONNRESET" || error.code === "EPIPE") finish(true);
      else if (!done) reject(error);
    });
  });
}

function parseRaw(received: Buffer) {
  const text = received.toString("latin1");
  const split = text.indexOf("\r\n\r\n");
  const head = split === -1 ? text : text.slice(0, split);
  const body = split === -1 ? "" : Buffer.from(text.slice(split + 4), "latin1").toString("utf8");
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1];
  const length = /\r\ncontent-length: *(\d+)/i.exec(head)?.[1];
  return { status: status ? Number(status) : null, head, body, length: split === -1 || !length ? null : Number(length) };
}

/** Opens a connection, writes `chunks`, then resets it (RST) without waiting for an answer. */
export function writeThenReset(t: TestApp, chunks: (string | Buffer)[], afterMs = 20): Promise<void> {
  const { port } = new URL(t.url);
  return new Promise((resolve) => {
    const socket: Socket = connect(Number(port), "127.0.0.1");
    socket.on("error", () => undefined);
    socket.on("connect", () => {
      for (const chunk of chunks) socket.write(chunk);
      setTimeout(() => {
        socket.resetAndDestroy();
        resolve();
      }, afterMs);
    });
  });
}

/** An HTTP/1.1 request head with the given headers (a null value leaves the header out). */
export function requestHead(method: string, target: string, headers: Record<string, string | null>) {
  const lines = [`${method} ${target} HTTP/1.1`];
  for (const [name, value] of Object.entries(headers)) if (value !== null) lines.push(`${name}: ${value}`);
  return `${lines.join("\r\n")}\r\n\r\n`;
}

/** A complete, valid offer (POST /api/offers, createOffer) for the attacks that need one. */
export const validOffer = {
  postType: "oferta",
  title: "Consultoria de marca para confeitarias",
  description: "Ajudo confeitarias a organizar a identidade visual e as redes sociais.",
  type: "permuta",
  categories: ["Marketing"],
  isUrgent: false,
};
