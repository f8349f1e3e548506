import { strFromU8, unzipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { completeProfile, cpfFor, collect, createMember, createOfferRow, eventually, startTestApp, TestClient, type TestApp } from "./harness.js";

// 'Baixar meus dados' (issue 30): the zip of her data made by a queue job, its link hers alone for
// 24 hours, one request a day, its progress live; the staff prepare the same for a request made by e-mail.
const PREFIX = "55692";
let t: TestApp;
let admin: Awaited<ReturnType<typeof createMember>>;
const prisma = () => t.app.services.prisma;
const START = new Date("2026-03-10T12:00:00Z");
const HOUR = 3_600_000;

beforeAll(async () => {
  t = await startTestApp({ PUSH_PROVIDER: "local", QUEUE_POLL_MS: "200" });
  admin = await createMember(t, PREFIX, { role: "superuser", nickname: "Bia" });
});
afterAll(async () => {
  await t?.close();
});

type Member = Awaited<ReturnType<typeof createMember>>;
const PROGRESS = `subscription($id: String!) { dataExportProgress(id: $id) { id status progress downloadUrl } }`;

/** Another member with a phone and a CPF of her own, shown by `nickname`. */
async function otherMember(nickname: string, seed: number) {
  const other = await createMember(t, PREFIX, { nickname });
  const cpf = cpfFor(90_000 + seed);
  await prisma().user.update({ where: { id: other.user.id }, data: { cpf, whatsapp: other.user.phone } });
  return { ...other, cpf };
}

/**
 * She has everything the zip holds: a complete profile and a photo, an offer, a like, a
 * conversation of `messages` messages with Rosa, a report, a subscription paid by card, a block, a
 * mute, and a partner's read of her row. Rosa, Joana and Clara have phones and CPFs of their own.
 */
async function memberWithEverything(messages = 40) {
  const she = await createMember(t, PREFIX, { nickname: "Helena" });
  const saved = await she.client.rest("PUT", "/api/profile", completeProfile({ nickname: "Helena", fullName: "Helena Dados Souza", shareWithSponsors: true }));
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const photo = Buffer.concat([Buffer.from("RIFF\0\0\0\0WEBPVP8 "), Buffer.alloc(64, 7)]);
  await t.app.services.storage.put(`users/${she.user.id}/photo.webp`, photo, "image/webp");
  await prisma().user.update({ where: { id: she.user.id }, data: { profilePhoto: "webp", profilePhotoUrl: `/api/users/${she.user.id}/photo?v=x` } });

  const rosa = await otherMember("Rosa Parceira", 1);
  const joana = await otherMember("Joana Bloqueada", 2);
  const clara = await otherMember("Clara Silenciada", 3);
  const hers = await createOfferRow(t, she.user.id, "collab", "Bolos para eventos de empresas");
  const rosas = await createOfferRow(t, rosa.user.id, "permuta", "Fotografia de produtos");
  await prisma().like.create({ data: { userId: she.user.id, offerId: rosas.id } });
  const conversation = await prisma().conversation.create({
    data: { offerId: rosas.id, offerOwnerId: rosa.user.id, interestedUserId: she.user.id, members: { create: [{ userId: she.user.id }, { userId: rosa.user.id }] } },
  });
  await prisma().message.createMany({
    data: Array.from({ length: messages }, (_, i) => ({
      conversationId: conversation.id,
      senderId: i % 2 ? rosa.user.id : she.user.id,
      content: i % 2 ? `Resposta da Rosa ${i}` : `Mensagem da Helena ${i}`,
      createdAt: new Date(START.getTime() - (messages - i) * 60_000),
    })),
  });
  await prisma().report.create({ data: { kind: "offer", reporterId: she.user.id, reportedUserId: rosa.user.id, offerId: rosas.id, reason: "spam", adminNotes: "Nota interna da equipe" } });
  const subscription = await prisma().planSubscription.create({
    data: { userId: she.user.id, plan: "majestade", billingCycle: "monthly", billingType: "CREDIT_CARD", status: "active", priceCents: 4790 },
  });
  await prisma().payment.create({
    data: { userId: she.user.id, subscriptionId: subscription.id, billingType: "CREDIT_CARD", status: "confirmed", amountCents: 4790, dueDate: START, paidAt: START, cardBrand: "MASTERCARD", cardLast4: "5454" },
  });
  await prisma().memberBlock.create({ data: { blockerId: she.user.id, blockedId: joana.user.id } });
  await prisma().memberMute.create({ data: { muterId: she.user.id, mutedId: clara.user.id, expiresAt: new Date(START.getTime() + 7 * 24 * HOUR) } });
  // Rosa blocked her too: that is Rosa's choice, not in her zip.
  await prisma().memberBlock.create({ data: { blockerId: rosa.user.id, blockedId: she.user.id } });

  const created = await admin.client.gql(`mutation($name: String!) { createPartnerApiKey(name: $name) { ... on CreatedPartnerApiKey { key } } }`, { name: "Marca Exportação" });
  const key = created.body.data.createPartnerApiKey.key as string;
  const read = await new TestClient(t.url).gql(`{ sponsorData(first: 200) { rows { id fullName } } }`, undefined, { authorization: `Bearer ${key}` });
  expect(read.body.data.sponsorData.rows.map((r: { id: number }) => r.id)).toContain(she.user.id);
  await eventually(async () => (await she.client.rest("GET", "/api/user/data-sharing")).body.length > 0, 3000, "the partner's read logged");
  return { she, rosa, joana, clara, hers, rosas, others: [rosa, joana, clara] };
}

async function readyExport(member: Member, id: string, timeoutMs = 60_000) {
  await eventually(async () => (await member.client.rest("GET", `/api/user/data-export/${id}`)).body.status === "ready", timeoutMs, "the export to be ready");
}

function unzip(bytes: Buffer) {
  const files = unzipSync(new Uint8Array(bytes));
  return { files, json: JSON.parse(strFromU8(files["dados.json"]!)), text: (name: string) => strFromU8(files[name]!) };
}

describe("her data, zipped", () => {
  it("prepares a zip with every part of dados.json, her photo and a README, in under a minute with 1,000 messages; nothing of another member but display names and shared messages", async () => {
    const { she, others, hers, rosas } = await memberWithEverything(1000);
    const started = Date.now();
    const requested = await she.client.rest("POST", "/api/user/data-export");
    expect(requested.status).toBe(202);
    expect(requested.body).toEqual({ id: expect.stringMatching(/^[\w-]{22}$/), status: "queued" });
    const id = requested.body.id as string;
    await readyExport(she, id);
    expect(Date.now() - started).toBeLessThan(60_000);

    const state = await she.client.rest("GET", `/api/user/data-export/${id}`);
    expect(state.body).toMatchObject({ id, status: "ready", progress: 100, expired: false, downloadUrl: `/api/user/data-export/${id}/download` });
    expect(new Date(state.body.expiresAt).getTime() - new Date(state.body.readyAt).getTime()).toBe(24 * HOUR);

    const response = await fetch(`${t.url}/api/user/data-export/${id}/download`, { headers: { cookie: she.client.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/zip");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="clube-coroa-dados-2026-03-10.zip"');
    expect(response.headers.get("cache-control")).toMatch(/private/);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const bytes = Buffer.from(await response.arrayBuffer());
    const { files, json, text } = unzip(bytes);
    expect(Object.keys(files).sort()).toEqual(["LEIA-ME.txt", "dados.json", "fotos/foto-de-perfil.webp"]);
    expect(text("LEIA-ME.txt")).toContain("SEUS DADOS NO CLUBE COROA");
    expect(text("LEIA-ME.txt")).toContain("quemViuMeusDados");
    expect(Buffer.from(files["fotos/foto-de-perfil.webp"]!).subarray(0, 4).toString()).toBe("RIFF");

    expect(Object.keys(json)).toEqual([
      "geradoEm", "pedidoPor", "perfil", "propostas", "curtidas", "conversas", "denuncias", "assinaturas", "pagamentos",
      "consentimentos", "preferenciasDeNotificacao", "aparelhosComNotificacao", "bloqueios", "silenciadas", "quemViuMeusDados", "arquivos",
    ]);
    expect(json.pedidoPor).toBe("você");
    expect(json.perfil).toMatchObject({ id: she.user.id, phone: she.user.phone, fullName: "Helena Dados Souza", nickname: "Helena", city: "São Paulo", birthDate: "1980-05-20", shareWithSponsors: true });
    expect(json.perfil.cpf).toMatch(/^\d{11}$/);
    expect(json.propostas.map((o: { id: number; title: string }) => [o.id, o.title])).toEqual([[hers.id, "Bolos para eventos de empresas"]]);
    expect(json.curtidas).toEqual([expect.objectContaining({ offerId: rosas.id, proposta: "Fotografia de produtos", autora: "Rosa Parceira" })]);
    expect(json.conversas).toHaveLength(1);
    const [conversation] = json.conversas;
    expect(conversation.participantes).toEqual(["Rosa Parceira"]);
    expect(conversation.mensagens).toHaveLength(1000);
    expect(conversation.mensagens[0]).toMatchObject({ de: "Você", texto: "Mensagem da Helena 0" });
    expect(conversation.mensagens[1]).toMatchObject({ de: "Rosa Parceira", texto: "Resposta da Rosa 1" });
    expect(json.denuncias).toEqual([expect.objectContaining({ reason: "spam", proposta: "Fotografia de produtos", parceira: "Rosa Parceira", status: "pending" })]);
    expect(json.assinaturas).toEqual([expect.objectContaining({ plan: "majestade", billingType: "CREDIT_CARD", priceCents: 4790 })]);
    expect(json.pagamentos).toEqual([expect.objectContaining({ status: "confirmed", amountCents: 4790, dueDate: "2026-03-10" })]);
    expect(json.consentimentos.atuais.map((c: { purpose: string }) => c.purpose)).toEqual(["terms", "privacy", "lgpd", "sponsors", "whatsapp", "push"]);
    expect(json.consentimentos.historico.length).toBeGreaterThan(0);
    expect(json.preferenciasDeNotificacao.atuais).toHaveProperty("types");
    expect(json.bloqueios).toEqual([expect.objectContaining({ parceira: "Joana Bloqueada" })]);
    expect(json.silenciadas).toEqual([expect.objectContaining({ parceira: "Clara Silenciada", expiresAt: "2026-03-17T12:00:00.000Z" })]);
    expect(json.quemViuMeusDados).toEqual([expect.objectContaining({ recipient: "Marca Exportação", kind: "partner" })]);
    expect(json.arquivos).toEqual(["fotos/foto-de-perfil.webp"]);

    // No card data, no staff notes, nothing of the others but names and the messages she shares with Rosa.
    const everything = [bytes.toString("latin1"), ...Object.values(files).map((f) => Buffer.from(f).toString("utf8"))].join("\n");
    for (const forbidden of ["cardLast4", "cardBrand", "5454", "MASTERCARD", "Nota interna da equipe", "adminNotes"]) expect(everything).not.toContain(forbidden);
    for (const other of others) {
      expect(everything).not.toContain(other.user.phone);
      expect(everything).not.toContain(other.cpf);
      expect(everything).not.toContain(other.user.fullName!);
    }
  });

  it("reports each step over dataExportProgress, up to 100 and ready", async () => {
    const { she } = await memberWithEverything(200);
    // Asked over GraphQL, the job runs at once: the subscription, opened after, sees it ready.
    const requested = await she.client.gql(`mutation { requestDataExport { __typename ... on DataExport { id status progress } } }`);
    expect(requested.body.data.requestDataExport).toMatchObject({ __typename: "DataExport", status: "queued", progress: 0 });
    const first = requested.body.data.requestDataExport.id as string;
    await readyExport(she, first);
    const ws = she.client.ws();
    try {
      const late = collect(ws, PROGRESS, { id: first });
      await eventually(() => late.completed, 5000, "the subscription to end at once");
      expect(late.values.map((v) => v.dataExportProgress)).toEqual([{ id: first, status: "ready", progress: 100, downloadUrl: `/api/user/data-export/${first}/download` }]);

      // Each step seen live: an export whose job is stored only once the subscription answered.
      const id = "StepByStepExport000001";
      await prisma().dataExport.create({ data: { id, userId: she.user.id, createdAt: t.clock.now() } });
      const progress = collect(ws, PROGRESS, { id });
      expect((await progress.next(1)).dataExportProgress).toMatchObject({ status: "queued", progress: 0 });
      await prisma().$executeRaw`INSERT INTO "Job" ("kind", "key", "payload", "runAt") VALUES ('data_export', ${`data_export:${id}`}, ${JSON.stringify({ exportId: id })}::jsonb, (now() AT TIME ZONE 'UTC'))`;
      t.app.services.queue.wake();
      await eventually(() => progress.completed, 60_000, "the subscription to end at ready");
      const steps = progress.values.map((v) => v.dataExportProgress);
      expect(steps.at(-1)).toEqual({ id, status: "ready", progress: 100, downloadUrl: `/api/user/data-export/${id}/download` });
      expect(steps.filter((s) => s.status === "running").length).toBeGreaterThanOrEqual(5);
      const percents = steps.map((s) => s.progress as number);
      expect([...percents].sort((a, b) => a - b)).toEqual(percents);
    } finally {
      await ws.dispose();
    }
  });

  it("refuses the link and its state to anyone else with the 404 of an id that does not exist, and to no session with 401", async () => {
    const { she, rosa } = await memberWithEverything(4);
    const { id } = (await she.client.rest("POST", "/api/user/data-export")).body;
    await readyExport(she, id);
    const missing = await rosa.client.rest("GET", `/api/user/data-export/AAAAAAAAAAAAAAAAAAAAAA/download`);
    expect(missing.status).toBe(404);
    for (const path of [`/api/user/data-export/${id}`, `/api/user/data-export/${id}/download`]) {
      const refused = await rosa.client.rest("GET", path);
      expect(refused.status).toBe(404);
      expect(refused.body).toEqual(missing.body);
      expect((await new TestClient(t.url).rest("GET", path)).status).toBe(401);
    }
    expect((await rosa.client.gql(`query($id: String!) { dataExport(id: $id) { __typename ... on AppError { code } } }`, { id })).body.data.dataExport).toEqual({ __typename: "AppError", code: "NOT_FOUND" });
    const ws = rosa.client.ws();
    try {
      const spy = collect(ws, PROGRESS, { id });
      await eventually(() => spy.errors.length > 0 || spy.completed, 5000, "the subscription refused");
      expect(spy.values).toEqual([]);
    } finally {
      await ws.dispose();
    }
  });

  it("refuses a second request the same day with 429 saying when, keeps the first link working, and answers 410 after 24 hours", async () => {
    const { she } = await memberWithEverything(4);
    const { id } = (await she.client.rest("POST", "/api/user/data-export")).body;
    await readyExport(she, id);
    try {
      t.clock.advance(5 * HOUR);
      const again = await she.client.rest("POST", "/api/user/data-export");
      expect(again.status).toBe(429);
      expect(again.body).toMatchObject({
        success: false,
        code: "DATA_EXPORT_TOO_SOON",
        error: "Você já pediu seus dados hoje. Você pode pedir de novo a partir de 11/03 às 09:00.",
        nextRequestAt: "2026-03-11T12:00:00.000Z",
        export: { id, status: "ready" },
      });
      expect(again.headers.get("retry-after")).toBe(String(19 * 3600));
      const gql = await she.client.gql(`mutation { requestDataExport { __typename ... on AppError { code message retryAfterSeconds } } }`);
      expect(gql.body.data.requestDataExport).toMatchObject({ __typename: "AppError", code: "DATA_EXPORT_TOO_SOON", retryAfterSeconds: 19 * 3600 });
      expect((await she.client.rest("GET", `/api/user/data-export/${id}/download`)).status).toBe(200);

      t.clock.advance(19 * HOUR + 60_000);
      const gone = await she.client.rest("GET", `/api/user/data-export/${id}/download`);
      expect(gone.status).toBe(410);
      expect(gone.body).toMatchObject({ code: "DATA_EXPORT_EXPIRED", error: "Este link expirou: ele vale por 24 horas. Peça seus dados de novo em Meus dados." });
      expect((await she.client.rest("GET", `/api/user/data-export/${id}`)).body).toMatchObject({ status: "ready", expired: true, downloadUrl: null });
      const key = `exports/${she.user.id}/${id}.zip`;
      expect(await t.app.services.storage.exists(key)).not.toBeNull();
      await t.app.services.dataExports.sweep();
      expect(await t.app.services.storage.exists(key)).toBeNull();
      expect((await she.client.rest("GET", `/api/user/data-export/${id}/download`)).status).toBe(410);
      // A day after her request she may ask again.
      expect((await she.client.rest("POST", "/api/user/data-export")).status).toBe(202);
    } finally {
      t.clock.set(START);
    }
  });

  it("removes her zip with her account", async () => {
    const { she } = await memberWithEverything(4);
    const { id } = (await she.client.rest("POST", "/api/user/data-export")).body;
    await readyExport(she, id);
    const key = `exports/${she.user.id}/${id}.zip`;
    expect(await t.app.services.storage.exists(key)).not.toBeNull();
    expect((await she.client.rest("DELETE", "/api/user/delete")).status).toBe(200);
    expect(await t.app.services.storage.exists(key)).toBeNull();
    expect(await prisma().dataExport.count({ where: { id } })).toBe(0);
  });
});

describe("prepared by the staff", () => {
  it("prepares her zip for a superuser, writes the audit log, and lets superusers alone download it", async () => {
    const { she, rosa } = await memberWithEverything(4);
    expect((await rosa.client.rest("POST", `/api/admin/users/${she.user.id}/data-export`)).status).toBe(403);
    const prepared = await admin.client.rest("POST", `/api/admin/users/${she.user.id}/data-export`);
    expect(prepared.status).toBe(202);
    const id = prepared.body.id as string;
    const audit = await prisma().auditLog.findFirst({ where: { action: "member.data_export", targetId: String(she.user.id) } });
    expect(audit).toMatchObject({ actorId: admin.user.id, targetType: "User", data: { exportId: id } });

    await eventually(async () => (await admin.client.rest("GET", `/api/admin/data-exports/${id}`)).body.status === "ready", 60_000, "the staff's export");
    const listed = await admin.client.gql(`query($userId: Int!) { adminDataExports(userId: $userId) { id status downloadUrl requestedByStaff } }`, { userId: she.user.id });
    expect(listed.body.data.adminDataExports).toEqual([{ id, status: "ready", downloadUrl: `/api/admin/data-exports/${id}/download`, requestedByStaff: true }]);
    // Not her request: neither her link nor her panel's state, and no other member's.
    expect((await she.client.rest("GET", `/api/user/data-export/${id}/download`)).status).toBe(404);
    expect((await rosa.client.rest("GET", `/api/admin/data-exports/${id}/download`)).status).toBe(403);

    const response = await fetch(`${t.url}/api/admin/data-exports/${id}/download`, { headers: { cookie: admin.client.cookieHeader } });
    expect(response.status).toBe(200);
    const { json } = unzip(Buffer.from(await response.arrayBuffer()));
    expect(json.pedidoPor).toBe("equipe do clube, a seu pedido");
    expect(json.perfil.id).toBe(she.user.id);
    expect(await prisma().auditLog.count({ where: { action: "member.data_export.download", targetId: String(she.user.id) } })).toBe(1);
    const log = (await she.client.rest("GET", "/api/user/data-sharing")).body;
    expect(log).toContainEqual(expect.objectContaining({ recipient: "Equipe do clube (Bia)", kind: "staff", fields: ["dataExport"] }));

    const gql = await admin.client.gql(`mutation($userId: Int!) { adminPrepareDataExport(userId: $userId) { __typename ... on DataExport { id requestedByStaff } } }`, { userId: she.user.id });
    expect(gql.body.data.adminPrepareDataExport).toMatchObject({ __typename: "DataExport", requestedByStaff: true });
    expect(await prisma().auditLog.count({ where: { action: "member.data_export", targetId: String(she.user.id) } })).toBe(2);
    const refused = await rosa.client.gql(`mutation($userId: Int!) { adminPrepareDataExport(userId: $userId) { __typename } }`, { userId: she.user.id });
    expect(refused.body.errors?.[0]?.extensions?.code ?? refused.body.data?.adminPrepareDataExport?.__typename).toBeTruthy();
    expect(refused.body.data?.adminPrepareDataExport?.__typename).not.toBe("DataExport");
  });
});
