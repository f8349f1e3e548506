import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cpfFor, createMember, createOfferRow, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";

// The other producers of 'Avisos' (issue 29), each writing its entry with its cause, on the real
// server and database (both passes): a conversation started on her offer, likes grouped per day,
// payments confirmed and overdue, her plan changed, her report handled, her offer hidden,
// restored or removed; nothing from a member she muted or blocked; push jobs planned the same way.

const WEBHOOK_TOKEN = "centre-webhook-token-0123456789";
let t: TestApp;
beforeAll(async () => {
  // Pushes planned here go to made-up devices: the local sender takes them, so what was planned stays as written.
  t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent", ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN, REPORTS_TO_HIDE: "2", PUSH_PROVIDER: "local" });
});
afterAll(async () => {
  await t?.close();
});

const member = (options: Parameters<typeof createMember>[2] = {}) => createMember(t, "55373", options);
type Member = Awaited<ReturnType<typeof member>>;
type Entry = { id: number; type: string; title: string; body: string; link: string; readAt: string | null };
const centre = async (her: Member) => ((await her.client.rest("GET", "/api/notifications")).body as { items: Entry[] }).items;
const pushJobs = async (userId: number) =>
  (await t.app.services.prisma.job.findMany({ where: { kind: "push" } })).filter((job) => (job.payload as { userId: number }).userId === userId);

const START = `mutation Start($offerId: Int!) { startConversation(offerId: $offerId) { ... on Conversation { id } } }`;
const LIKE = `mutation Like($offerId: Int!) { toggleLike(offerId: $offerId) { ... on LikePayload { liked } ... on AppError { code } } }`;

describe("producers of 'Avisos'", () => {
  it("a conversation started on her offer tells the owner, linking to it; not from a member she muted", async () => {
    const owner = await member();
    const asker = await member();
    const offer = await createOfferRow(t, owner.user.id, "permuta", "Aulas de costura");
    await t.app.services.prisma.pushSubscription.create({ data: { userId: owner.user.id, endpoint: `https://fcm.googleapis.com/fcm/send/o-${owner.user.id}`, p256dh: "p", auth: "a" } });
    const id = (await asker.client.gql(START, { offerId: offer.id })).body.data.startConversation.id as number;
    expect(await centre(owner)).toEqual([
      expect.objectContaining({ type: "conversation_started", title: `${asker.user.nickname} quer conversar sobre sua oferta`, body: "Uma nova conversa sobre “Aulas de costura” começou.", link: `/mensagens/${id}` }),
    ]);
    expect(await pushJobs(owner.user.id)).toHaveLength(1);
    const muted = await member();
    await owner.client.rest("POST", `/api/users/${muted.user.id}/mute`, {});
    await muted.client.gql(START, { offerId: offer.id });
    expect(await centre(owner)).toHaveLength(1);
  });

  it("likes of one day are one entry that counts them; an unlike adds nothing; another day is another entry", async () => {
    const owner = await member();
    const offer = await createOfferRow(t, owner.user.id, "permuta", "Fotografia de produtos");
    const fans = [await member(), await member(), await member()];
    await fans[0].client.gql(LIKE, { offerId: offer.id });
    expect((await centre(owner))[0]).toMatchObject({ type: "offer_liked", title: "1 sócia curtiu sua oferta", link: `/?oferta=${offer.id}` });
    await fans[1].client.gql(LIKE, { offerId: offer.id });
    await fans[1].client.gql(LIKE, { offerId: offer.id }); // unlike
    expect(await centre(owner)).toEqual([expect.objectContaining({ title: "2 sócias curtiram sua oferta", body: "“Fotografia de produtos” recebeu curtidas hoje." })]);
    // Her own like, and a blocked member's, tell nothing.
    await owner.client.gql(LIKE, { offerId: offer.id });
    await owner.client.rest("POST", `/api/users/${fans[2].user.id}/block`);
    await fans[2].client.gql(LIKE, { offerId: offer.id });
    expect((await centre(owner))[0].title).toBe("2 sócias curtiram sua oferta");
    t.clock.advance(24 * 3600 * 1000);
    await fans[0].client.gql(LIKE, { offerId: offer.id }); // unlike, the next day
    await fans[0].client.gql(LIKE, { offerId: offer.id });
    expect((await centre(owner)).map((e) => e.title)).toEqual(["1 sócia curtiu sua oferta", "2 sócias curtiram sua oferta"]);
  });

  it("a payment confirmed tells her and her plan changed; an overdue one tells her too", async () => {
    const her = await member({ plan: "nobreza" });
    await her.client.rest("PUT", "/api/user/profile", {});
    const created = await her.client.rest("POST", "/api/subscriptions/create", {
      plan: "alteza",
      billingType: "PIX",
      billingCycle: "monthly",
      customer: { name: "Maria Souza", email: "maria@example.com", phone: "(11) 98765-4321", cpfCnpj: cpfFor(7301), postalCode: "01310-100", addressNumber: "1000" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    await her.client.rest("POST", `/api/dev/payments/${created.body.paymentInstructions.paymentId}/confirm`, {});
    const entries = await centre(her);
    expect(entries.map((e) => e.type).sort()).toEqual(["payment_confirmed", "plan_changed"]);
    expect(entries.find((e) => e.type === "payment_confirmed")).toMatchObject({ title: "Pagamento confirmado", body: "Recebemos seu pagamento. Seu plano Alteza está ativo.", link: "/perfil#plano" });
    expect(entries.find((e) => e.type === "plan_changed")).toMatchObject({ title: "Seu plano mudou", body: "Agora você está no plano Alteza." });

    // The next month's charge, overdue.
    const subscription = await t.app.services.prisma.planSubscription.findFirstOrThrow({ where: { userId: her.user.id } });
    const next = await t.app.services.prisma.payment.create({
      data: { userId: her.user.id, subscriptionId: subscription.id, asaasPaymentId: `pay_overdue_${her.user.id}`, amountCents: subscription.priceCents, billingType: "PIX", status: "pending", dueDate: new Date("2026-04-10T00:00:00Z") },
    });
    const event = {
      id: `evt_overdue_${her.user.id}`,
      event: "PAYMENT_OVERDUE",
      payment: { id: next.asaasPaymentId, value: next.amountCents / 100, status: "OVERDUE", billingType: "PIX", dueDate: "2026-04-10" },
    };
    const answer = await new TestClient(t.url).rest("POST", "/api/webhooks/asaas", event, { "asaas-access-token": WEBHOOK_TOKEN });
    expect(answer.body.outcome).toBe("applied");
    expect((await centre(her))[0]).toMatchObject({ type: "payment_overdue", title: "Pagamento em atraso", link: "/perfil#plano" });
  });

  it("the staff's decision tells each reporter, and the author when her offer was hidden, restored or removed", async () => {
    const admin = await member({ role: "superuser" });
    const author = await member();
    const reporters = [await member(), await member()];
    const offer = await createOfferRow(t, author.user.id, "permuta", "Consultoria financeira");
    const report = async (who: Member) =>
      (await who.client.rest("POST", "/api/reports", { reason: "spam", offerId: offer.id })).body as { id: number };
    const first = await report(reporters[0]);
    await report(reporters[1]);
    // Two reports (REPORTS_TO_HIDE=2) put it under review: the author hears it.
    expect((await centre(author))[0]).toMatchObject({ type: "offer_hidden", title: "Sua oferta está em análise" });
    const dismissed = await admin.client.rest("PATCH", `/api/admin/reports/${first.id}`, { status: "dismissed" });
    expect(dismissed.status, JSON.stringify(dismissed.body)).toBe(200);
    for (const reporter of reporters) {
      expect(await centre(reporter), "each reporter").toEqual([expect.objectContaining({ type: "report_handled", title: "Sua denúncia foi analisada" })]);
    }
    expect((await centre(author))[0]).toMatchObject({ type: "offer_restored", title: "Sua oferta voltou ao quadro", link: `/?oferta=${offer.id}` });

    // A superuser removes it.
    expect((await admin.client.rest("DELETE", `/api/offers/${offer.id}`)).status).toBe(200);
    expect((await centre(author))[0]).toMatchObject({ type: "offer_removed", title: "Sua oferta foi removida" });
    // The author deleting her own offer hears nothing.
    const own = await createOfferRow(t, author.user.id, "permuta", "Outra");
    const before = (await centre(author)).length;
    await author.client.rest("DELETE", `/api/offers/${own.id}`);
    expect(await centre(author)).toHaveLength(before);
  });

  it("writes nothing for a type whose centre she turned off", async () => {
    const owner = await member();
    const fan = await member();
    await owner.client.rest("PUT", "/api/user/notification-preferences", { types: { offer_liked: { inApp: false } } });
    const offer = await createOfferRow(t, owner.user.id);
    await fan.client.gql(LIKE, { offerId: offer.id });
    expect(await centre(owner)).toEqual([]);
  });

  it("plans pushes for the other producers by the same rules: away, channel on, outside her quiet hours", async () => {
    const owner = await member();
    const prisma = t.app.services.prisma;
    const device = await prisma.pushSubscription.create({ data: { userId: owner.user.id, endpoint: `https://fcm.googleapis.com/fcm/send/q-${owner.user.id}`, p256dh: "p", auth: "a" } });
    const start = async () => {
      const asker = await member();
      const offer = await createOfferRow(t, owner.user.id);
      await asker.client.gql(START, { offerId: offer.id });
    };
    // Online: the entry, no push.
    await prisma.user.update({ where: { id: owner.user.id }, data: { isOnline: true } });
    await start();
    expect(await pushJobs(owner.user.id)).toEqual([]);
    await prisma.user.update({ where: { id: owner.user.id }, data: { isOnline: false } });
    // Push off for the type.
    await owner.client.rest("PUT", "/api/user/notification-preferences", { types: { conversation_started: { push: false } } });
    await start();
    expect(await pushJobs(owner.user.id)).toEqual([]);
    await owner.client.rest("PUT", "/api/user/notification-preferences", { types: { conversation_started: { push: true } }, quietHours: { start: "08:00", end: "10:00" } });
    // 09:00 in São Paulo (the test clock's hour): inside her hours.
    const now = t.clock.now();
    t.clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 12)));
    await start();
    expect(await pushJobs(owner.user.id)).toEqual([]);
    t.clock.advance(2 * 3600 * 1000);
    await start();
    const jobs = await pushJobs(owner.user.id);
    expect(jobs).toHaveLength(1);
    expect((jobs[0].payload as { subscriptionId: number }).subscriptionId).toBe(device.id);
    expect(jobs[0].runAt.toISOString()).toBe(t.clock.now().toISOString());
    expect((await centre(owner)).filter((e) => e.type === "conversation_started")).toHaveLength(4);
  });
});
