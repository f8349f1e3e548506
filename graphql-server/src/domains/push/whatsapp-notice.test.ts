// The WhatsApp notice of a new message on the durable queue (issue 29): a `whatsapp_new_message` job
// sends the Cloud API's template to her phone, read when the job runs; her switch off or her account
// suspended sends nothing; a rate limit or an outage is retried with backoff, a refused number is not.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createMember, eventually, sleep, startTestApp, type TestApp } from "../../../test/harness.js";

/** Graph API's messages endpoint, answering from a script (default 200 with a message id). */
const requests: { path: string; body: any }[] = [];
let script: { status: number; code?: number }[] = [];
let api: Server;
let apiUrl = "";
let t: TestApp;
beforeAll(async () => {
  api = createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      requests.push({ path: req.url!, body: JSON.parse(raw) });
      const next = script.shift() ?? { status: 200 };
      res.writeHead(next.status, { "content-type": "application/json" });
      res.end(
        JSON.stringify(
          next.status === 200
            ? { messaging_product: "whatsapp", contacts: [], messages: [{ id: "wamid.OK" }] }
            : { error: { message: "error", type: "OAuthException", code: next.code, fbtrace_id: "A" } },
        ),
      );
    });
  });
  await new Promise<void>((resolve) => api.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  t = await startTestApp({
    WHATSAPP_PROVIDER: "cloud",
    WHATSAPP_API_URL: apiUrl,
    WHATSAPP_PHONE_NUMBER_ID: "1234567890",
    WHATSAPP_ACCESS_TOKEN: "secret-token",
    QUEUE_POLL_MS: "100",
    QUEUE_RETRY_BASE_SECONDS: "0.2",
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => api.close(() => resolve()));
});
beforeEach(() => {
  requests.length = 0;
  script = [];
});

let seq = 0;
async function enqueueNotice(userId: number) {
  seq += 1;
  const job = await t.app.services.prisma.job.create({
    data: {
      kind: "whatsapp_new_message",
      key: `whatsapp:${userId}:${seq}`,
      payload: { userId, conversationId: 7, senderName: "Ana", offerTitle: "Consultoria de marca" },
    },
  });
  t.app.services.queue.wake();
  return job;
}
const jobRow = (id: number) => t.app.services.prisma.job.findUniqueOrThrow({ where: { id } });

describe("a WhatsApp notice job", () => {
  it("sends the new-message template to her phone with the sender's name and the offer's title", async () => {
    const { user } = await createMember(t, "5511966");
    const job = await enqueueNotice(user.id);
    await eventually(async () => (await jobRow(job.id)).doneAt !== null, 5000, "done");
    expect(requests).toHaveLength(1);
    expect(requests[0].path).toBe("/v21.0/1234567890/messages");
    expect(requests[0].body.to).toBe(user.phone);
    expect(requests[0].body.template.name).toBe("nova_mensagem");
    expect(requests[0].body.template.components[0].parameters.map((p: { text: string }) => p.text)).toEqual(["Ana", "Consultoria de marca"]);
  });

  it("sends nothing when she turned the switch off after it was queued", async () => {
    const { user } = await createMember(t, "5511967");
    await t.app.services.prisma.user.update({ where: { id: user.id }, data: { whatsappNotificationsEnabled: false } });
    const job = await enqueueNotice(user.id);
    await eventually(async () => (await jobRow(job.id)).doneAt !== null, 5000, "done");
    expect(requests).toHaveLength(0);
  });

  it("sends nothing to a suspended member or one who is gone", async () => {
    const { user } = await createMember(t, "5511968");
    await t.app.services.prisma.user.update({ where: { id: user.id }, data: { suspendedAt: new Date() } });
    const suspended = await enqueueNotice(user.id);
    const gone = await enqueueNotice(999_999);
    await eventually(async () => (await jobRow(suspended.id)).doneAt !== null && (await jobRow(gone.id)).doneAt !== null, 5000, "done");
    expect(requests).toHaveLength(0);
  });

  it("retries after a rate limit and an outage, then delivers once", async () => {
    const { user } = await createMember(t, "5511969");
    script = [
      { status: 429, code: 130429 },
      { status: 500, code: 1 },
    ];
    const job = await enqueueNotice(user.id);
    await eventually(async () => (await jobRow(job.id)).doneAt !== null, 8000, "done");
    expect(requests).toHaveLength(3);
    expect((await jobRow(job.id)).attempts).toBe(3);
  });

  it("does not retry a number WhatsApp refuses: the job fails at once", async () => {
    const { user } = await createMember(t, "5511970");
    script = [{ status: 400, code: 131026 }];
    const job = await enqueueNotice(user.id);
    await eventually(async () => (await jobRow(job.id)).failedAt !== null, 5000, "failed");
    await sleep(500);
    expect(requests).toHaveLength(1);
    expect((await jobRow(job.id)).lastError).toBeTruthy();
  });
});
