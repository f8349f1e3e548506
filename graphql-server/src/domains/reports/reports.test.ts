import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember, createOfferRow, startTestApp, TestClient, type TestApp } from "../../../test/harness.js";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ SEED_DEMO: "never", LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(async () => {
  await t?.close();
});

const member = () => createMember(t, "55339");
/** An author with an offer, and another member who reports it. */
async function pair() {
  const author = await member();
  const reporter = await member();
  const offer = await createOfferRow(t, author.user.id);
  return { author, reporter, offer };
}

const REPORT = `mutation Report($input: ReportInput!) {
  reportOffer(input: $input) {
    __typename
    ... on ReportPayload { id }
    ... on AppError { code message }
  }
}`;

const rowsOf = (offerId: number) => t.app.services.prisma.report.findMany({ where: { offerId }, orderBy: { id: "asc" } });

describe("reports over GraphQL", () => {
  it("stores a pending report with the author derived from the offer", async () => {
    const { author, reporter, offer } = await pair();
    const answer = await reporter.client.gql(REPORT, { input: { offerId: offer.id, reason: "spam" } });
    const result = answer.body.data.reportOffer;
    expect(result.__typename).toBe("ReportPayload");
    const rows = await rowsOf(offer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: result.id,
      reporterId: reporter.user.id,
      reportedUserId: author.user.id,
      offerId: offer.id,
      reason: "spam",
      customReason: null,
      status: "pending",
    });
  });

  it("refuses 'other' without a description, and accepts it with one", async () => {
    const { reporter, offer } = await pair();
    const missing = await reporter.client.gql(REPORT, { input: { offerId: offer.id, reason: "other" } });
    expect(missing.body.data.reportOffer).toEqual({
      __typename: "AppError",
      code: "REPORT_DESCRIPTION_REQUIRED",
      message: "Descreva o motivo da denúncia",
    });
    const short = await reporter.client.gql(REPORT, { input: { offerId: offer.id, reason: "other", customReason: "  ab  " } });
    expect(short.body.data.reportOffer.code).toBe("REPORT_DESCRIPTION_REQUIRED");
    expect(await rowsOf(offer.id)).toHaveLength(0);
    const ok = await reporter.client.gql(REPORT, {
      input: { offerId: offer.id, reason: "other", customReason: "Pede pagamento adiantado por PIX" },
    });
    expect(ok.body.data.reportOffer.__typename).toBe("ReportPayload");
    expect((await rowsOf(offer.id))[0]).toMatchObject({ reason: "other", customReason: "Pede pagamento adiantado por PIX" });
  });

  it("asks for a reason", async () => {
    const { reporter, offer } = await pair();
    const answer = await reporter.client.gql(REPORT, { input: { offerId: offer.id } });
    expect(answer.body.data.reportOffer).toMatchObject({ code: "REPORT_REASON_REQUIRED", message: "Selecione um motivo" });
  });

  it("refuses her own offer, an unknown offer and a reported user who is not the author", async () => {
    const { author, reporter, offer } = await pair();
    const own = await author.client.gql(REPORT, { input: { offerId: offer.id, reason: "spam" } });
    expect(own.body.data.reportOffer).toMatchObject({
      code: "REPORT_OWN_OFFER",
      message: "Você não pode denunciar sua própria publicação",
    });
    const unknown = await reporter.client.gql(REPORT, { input: { offerId: 999_999, reason: "spam" } });
    expect(unknown.body.data.reportOffer).toMatchObject({ code: "NOT_FOUND", message: "Oferta não encontrada" });
    const wrong = await reporter.client.gql(REPORT, {
      input: { offerId: offer.id, reportedUserId: reporter.user.id, reason: "fake" },
    });
    expect(wrong.body.data.reportOffer.code).toBe("REPORT_TARGET_MISMATCH");
    expect(await rowsOf(offer.id)).toHaveLength(0);
  });

  it("refuses an anonymous visitor", async () => {
    const { offer } = await pair();
    const anonymous = new TestClient(t.url);
    const answer = await anonymous.gql(REPORT, { input: { offerId: offer.id, reason: "spam" } });
    expect(answer.body.data.reportOffer).toMatchObject({ __typename: "AppError", code: "UNAUTHENTICATED" });
    expect(await rowsOf(offer.id)).toHaveLength(0);
  });

  it("answers a repeat while pending without a new row, even in parallel", async () => {
    const { reporter, offer } = await pair();
    const input = { offerId: offer.id, reason: "scam" };
    const answers = await Promise.all([reporter.client.gql(REPORT, { input }), reporter.client.gql(REPORT, { input })]);
    const ids = answers.map((a) => a.body.data.reportOffer.id);
    expect(ids[0]).toBe(ids[1]);
    const again = await reporter.client.gql(REPORT, { input: { ...input, reason: "harassment" } });
    expect(again.body.data.reportOffer.id).toBe(ids[0]);
    expect(await rowsOf(offer.id)).toHaveLength(1);
    // Once moderated, a new report is a new row.
    await t.app.services.prisma.report.update({ where: { id: ids[0] }, data: { status: "dismissed" } });
    const after = await reporter.client.gql(REPORT, { input });
    expect(after.body.data.reportOffer.id).not.toBe(ids[0]);
    expect(await rowsOf(offer.id)).toHaveLength(2);
  });
});

describe("POST /api/reports", () => {
  it("accepts the dialog's payload and answers 201 { success, id }", async () => {
    const { author, reporter, offer } = await pair();
    const answer = await reporter.client.rest("POST", "/api/reports", {
      reason: "other",
      customReason: "Perfil copiado de outra pessoa",
      offerId: offer.id,
      reportedUserId: author.user.id,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({ success: true, id: expect.any(Number) });
    const [row] = await rowsOf(offer.id);
    expect(row).toMatchObject({ id: answer.body.id, status: "pending", reason: "other", reportedUserId: author.user.id });
  });

  it("accepts the variant { reportedUserId, offerId, reason } with string ids", async () => {
    const { author, reporter, offer } = await pair();
    const answer = await reporter.client.rest("POST", "/api/reports", {
      reportedUserId: String(author.user.id),
      offerId: String(offer.id),
      reason: "inappropriate",
    });
    expect(answer.status).toBe(201);
    expect(answer.body.success).toBe(true);
    const repeat = await reporter.client.rest("POST", "/api/reports", { reportedUserId: author.user.id, offerId: offer.id, reason: "inappropriate" });
    expect(repeat.status).toBe(201);
    expect(repeat.body.id).toBe(answer.body.id);
    expect(await rowsOf(offer.id)).toHaveLength(1);
  });

  it("refuses with the product's texts and statuses", async () => {
    const { author, reporter, offer } = await pair();
    const noReason = await reporter.client.rest("POST", "/api/reports", { offerId: offer.id, reason: "boring" });
    expect(noReason.status).toBe(400);
    expect(noReason.body).toMatchObject({ success: false, error: "Selecione um motivo", code: "REPORT_REASON_REQUIRED" });
    const other = await reporter.client.rest("POST", "/api/reports", { offerId: offer.id, reason: "other" });
    expect(other.status).toBe(400);
    expect(other.body.error).toBe("Descreva o motivo da denúncia");
    const mismatch = await reporter.client.rest("POST", "/api/reports", { offerId: offer.id, reportedUserId: reporter.user.id, reason: "spam" });
    expect(mismatch.status).toBe(400);
    const missing = await reporter.client.rest("POST", "/api/reports", { offerId: 999_999, reason: "spam" });
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe("Oferta não encontrada");
    const own = await author.client.rest("POST", "/api/reports", { offerId: offer.id, reason: "spam" });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe("Você não pode denunciar sua própria publicação");
    const anonymous = await new TestClient(t.url).rest("POST", "/api/reports", { offerId: offer.id, reason: "spam" });
    expect(anonymous.status).toBe(401);
    expect(await rowsOf(offer.id)).toHaveLength(0);
  });
});

// Reports of a member and of a message, and the auto-hide of a post (issue 27).

const REPORT_MEMBER = `mutation ReportMember($input: MemberReportInput!) {
  reportMember(input: $input) { __typename ... on ReportPayload { id } ... on AppError { code message } }
}`;
const REPORT_MESSAGE = `mutation ReportMessage($input: MessageReportInput!) {
  reportMessage(input: $input) { __typename ... on ReportPayload { id } ... on AppError { code message } }
}`;
const START = `mutation Start($offerId: Int!) { startConversation(offerId: $offerId) { __typename ... on Conversation { id } } }`;
const SEND = `mutation Send($conversationId: Int!, $content: String!) {
  sendMessage(conversationId: $conversationId, content: $content) { __typename ... on Message { id createdAt } }
}`;
const report = (id: number) => t.app.services.prisma.report.findUniqueOrThrow({ where: { id } });

/** B started a conversation on A's offer and wrote to her. */
async function talking() {
  const { author: a, reporter: b, offer } = await pair();
  const conversationId = (await b.client.gql(START, { offerId: offer.id })).body.data.startConversation.id as number;
  const sent = (await b.client.gql(SEND, { conversationId, content: "Me passa seu PIX agora" })).body.data.sendMessage;
  return { a, b, offer, conversationId, messageId: sent.id as number, sentAt: sent.createdAt as string };
}

describe("reporting a member", () => {
  it("stores a member report over REST ({reportedUserId} without offerId) and GraphQL; a second open one is refused (409)", async () => {
    const reported = await member();
    const reporter = await member();
    const rest = await reporter.client.rest("POST", "/api/reports", { reportedUserId: reported.user.id, reason: "harassment" });
    expect(rest.status).toBe(201);
    expect(await report(rest.body.id)).toMatchObject({
      kind: "member",
      reporterId: reporter.user.id,
      reportedUserId: reported.user.id,
      offerId: null,
      messageId: null,
      reason: "harassment",
      status: "pending",
    });
    const again = await reporter.client.rest("POST", "/api/reports", { reportedUserId: reported.user.id, reason: "spam" });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, code: "REPORT_ALREADY_OPEN", error: "Você já denunciou e sua denúncia está em análise pela equipe." });
    const gqlAgain = await reporter.client.gql(REPORT_MEMBER, { input: { userId: reported.user.id, reason: "fake" } });
    expect(gqlAgain.body.data.reportMember).toMatchObject({ __typename: "AppError", code: "REPORT_ALREADY_OPEN" });

    const other = await member();
    const gql = await other.client.gql(REPORT_MEMBER, { input: { userId: reported.user.id, reason: "other", customReason: "Insiste depois de eu recusar" } });
    expect(gql.body.data.reportMember.__typename).toBe("ReportPayload");
    expect(await report(gql.body.data.reportMember.id)).toMatchObject({ kind: "member", reason: "other", customReason: "Insiste depois de eu recusar" });
    // Once decided, a new report of her is a new row.
    await t.app.services.prisma.report.update({ where: { id: rest.body.id }, data: { status: "dismissed" } });
    expect((await reporter.client.rest("POST", "/api/reports", { reportedUserId: reported.user.id, reason: "spam" })).status).toBe(201);
  });

  it("refuses herself, an unknown member, no reason and a visitor", async () => {
    const reporter = await member();
    const self = await reporter.client.rest("POST", "/api/reports", { reportedUserId: reporter.user.id, reason: "spam" });
    expect(self.status).toBe(403);
    expect(self.body.error).toBe("Você não pode denunciar a si mesma");
    const unknown = await reporter.client.gql(REPORT_MEMBER, { input: { userId: 99_999_999, reason: "spam" } });
    expect(unknown.body.data.reportMember).toEqual({ __typename: "AppError", code: "NOT_FOUND", message: "Usuária não encontrada" });
    const noReason = await reporter.client.rest("POST", "/api/reports", { reportedUserId: reporter.user.id + 1 });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toBe("Selecione um motivo");
    const nothing = await reporter.client.rest("POST", "/api/reports", { reason: "spam" });
    expect(nothing.status).toBe(400);
    expect(nothing.body.error).toMatch(/Informe o que está denunciando/);
    expect((await new TestClient(t.url).rest("POST", "/api/reports", { reportedUserId: reporter.user.id, reason: "spam" })).status).toBe(401);
  });
});

describe("reporting a message", () => {
  it("keeps a copy of its text and time, which outlives the message (REST)", async () => {
    const { a, b, messageId, sentAt } = await talking();
    const answer = await a.client.rest("POST", "/api/reports", { messageId, reason: "scam" });
    expect(answer.status).toBe(201);
    expect(await report(answer.body.id)).toMatchObject({
      kind: "message",
      reporterId: a.user.id,
      reportedUserId: b.user.id,
      messageId,
      messageContent: "Me passa seu PIX agora",
      messageSentAt: new Date(sentAt),
    });
    await t.app.services.prisma.message.delete({ where: { id: messageId } });
    expect(await report(answer.body.id)).toMatchObject({ messageId: null, messageContent: "Me passa seu PIX agora", messageSentAt: new Date(sentAt) });
  });

  it("only a member of the conversation may report it, not her own, once while open (GraphQL)", async () => {
    const { a, b, messageId } = await talking();
    const stranger = await member();
    const outside = await stranger.client.gql(REPORT_MESSAGE, { input: { messageId, reason: "spam" } });
    expect(outside.body.data.reportMessage).toEqual({ __typename: "AppError", code: "NOT_FOUND", message: "Mensagem não encontrada" });
    const outsideRest = await stranger.client.rest("POST", "/api/reports", { messageId, reason: "spam" });
    expect(outsideRest.status).toBe(404);
    const own = await b.client.gql(REPORT_MESSAGE, { input: { messageId, reason: "spam" } });
    expect(own.body.data.reportMessage).toMatchObject({ code: "REPORT_OWN_TARGET" });
    const first = await a.client.gql(REPORT_MESSAGE, { input: { messageId, reason: "harassment" } });
    expect(first.body.data.reportMessage.__typename).toBe("ReportPayload");
    const second = await a.client.gql(REPORT_MESSAGE, { input: { messageId, reason: "spam" } });
    expect(second.body.data.reportMessage).toMatchObject({ code: "REPORT_ALREADY_OPEN", message: "Você já denunciou e sua denúncia está em análise pela equipe." });
    expect((await a.client.rest("POST", "/api/reports", { messageId, reason: "spam" })).status).toBe(409);
    expect(await t.app.services.prisma.report.count({ where: { messageId } })).toBe(1);
  });
});

describe("an offer reported by REPORTS_TO_HIDE members", () => {
  const BOARD = `query { offers(first: 50) { edges { node { id } } } }`;
  const OFFER = `query Offer($id: Int!) { offer(id: $id) { id underReview } }`;
  const MINE = `{ myOffers { offer { id underReview hidden } } }`;
  const onBoard = async (client: TestClient, offerId: number) => ({
    rest: ((await client.rest("GET", "/api/offers")).body as { id: number }[]).some((o) => o.id === offerId),
    gql: ((await client.gql(BOARD)).body.data.offers.edges as { node: { id: number } }[]).some((e) => e.node.id === offerId),
  });

  async function reportedByThree() {
    const { author, offer } = await pair();
    // Written behind the services' back: the board's kept pages are told.
    t.app.services.offers.board.invalidate();
    const viewer = await member();
    const staff = await createMember(t, "55339", { role: "superuser" });
    expect(await onBoard(viewer.client, offer.id)).toEqual({ rest: true, gql: true });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const reporter = await member();
      const sent = await reporter.client.rest("POST", "/api/reports", { offerId: offer.id, reason: "scam" });
      ids.push(sent.body.id);
      // The same member again counts once.
      await reporter.client.rest("POST", "/api/reports", { offerId: offer.id, reason: "scam" });
      if (i < 2) expect(await onBoard(viewer.client, offer.id)).toEqual({ rest: true, gql: true });
    }
    return { author, offer, viewer, staff, ids };
  }

  it("leaves the board (cached pages too) for everyone but its owner and staff; the owner sees 'Em análise'", async () => {
    const { author, offer, viewer, staff } = await reportedByThree();
    expect(await onBoard(viewer.client, offer.id)).toEqual({ rest: false, gql: false });
    expect(await onBoard(new TestClient(t.url), offer.id)).toEqual({ rest: false, gql: false });
    expect((await viewer.client.gql(OFFER, { id: offer.id })).body.data.offer).toBeNull();
    expect((await author.client.gql(OFFER, { id: offer.id })).body.data.offer).toEqual({ id: offer.id, underReview: true });
    expect((await staff.client.gql(OFFER, { id: offer.id })).body.data.offer).toEqual({ id: offer.id, underReview: true });
    const mine = (await author.client.gql(MINE)).body.data.myOffers as { offer: { id: number; underReview: boolean; hidden: boolean } }[];
    expect(mine.find((m) => m.offer.id === offer.id)?.offer).toEqual({ id: offer.id, underReview: true, hidden: false });
    // No likes while it is off the board.
    expect((await viewer.client.rest("POST", `/api/offers/${offer.id}/like`)).status).toBe(404);
  });

  it("'Descartar' shows it again; the group's other reports are decided with it", async () => {
    const { offer, viewer, staff, ids } = await reportedByThree();
    const queue = await staff.client.gql(`{ adminReports(status: pending, first: 50) { items { id kind openOnTarget offer { id underReview } } } }`);
    const mine = (queue.body.data.adminReports.items as { id: number }[]).filter((r) => ids.includes(r.id));
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({ kind: "offer", openOnTarget: 3, offer: { id: offer.id, underReview: true } });
    const dismissed = await staff.client.rest("PATCH", `/api/admin/reports/${ids[0]}`, { status: "dismissed" });
    expect(dismissed.status).toBe(200);
    expect(await t.app.services.prisma.report.count({ where: { id: { in: ids }, status: "dismissed" } })).toBe(3);
    expect(await onBoard(viewer.client, offer.id)).toEqual({ rest: true, gql: true });
  });

  it("'Resolver' with hideOffer removes it for good", async () => {
    const { author, offer, viewer, staff, ids } = await reportedByThree();
    const resolved = await staff.client.gql(
      `mutation($id: Int!) { updateReportStatus(reportId: $id, status: resolved, hideOffer: true) { __typename ... on AdminReport { status openOnTarget offer { hidden underReview } } } }`,
      { id: ids[1] },
    );
    expect(resolved.body.data.updateReportStatus).toEqual({ __typename: "AdminReport", status: "resolved", openOnTarget: 0, offer: { hidden: true, underReview: false } });
    expect(await onBoard(viewer.client, offer.id)).toEqual({ rest: false, gql: false });
    const mine = (await author.client.gql(MINE)).body.data.myOffers as { offer: { id: number; hidden: boolean } }[];
    expect(mine.find((m) => m.offer.id === offer.id)?.offer).toMatchObject({ hidden: true, underReview: false });
    const audit = await t.app.services.prisma.auditLog.findFirstOrThrow({ where: { action: "report.status", targetId: String(ids[1]) } });
    expect(audit.data).toMatchObject({ to: "resolved", hiddenOfferId: offer.id, alsoDecided: expect.arrayContaining([ids[0], ids[2]]) });
  });
});

describe("the staff's queue", () => {
  it("shows each report's kind, the message's copy and the open reports of its target", async () => {
    const { a, b, messageId } = await talking();
    const staff = await createMember(t, "55339", { role: "superuser" });
    const byMessage = (await a.client.rest("POST", "/api/reports", { messageId, reason: "scam" })).body.id as number;
    const byMember = (await a.client.rest("POST", "/api/reports", { reportedUserId: b.user.id, reason: "harassment" })).body.id as number;
    const other = await member();
    const byOther = (await other.client.rest("POST", "/api/reports", { reportedUserId: b.user.id, reason: "fake" })).body.id as number;
    const rest = await staff.client.rest("GET", "/api/admin/reports?status=pending&first=50");
    const find = (id: number) => (rest.body as { id: number }[]).find((r) => r.id === id);
    expect(find(byMessage)).toMatchObject({ kind: "message", openOnTarget: 1, reportedMessage: { id: messageId, content: "Me passa seu PIX agora" }, reportedUser: { id: b.user.id } });
    expect(find(byMember)).toMatchObject({ kind: "member", openOnTarget: 2, offer: null, reportedMessage: null });
    expect(find(byOther)).toMatchObject({ kind: "member", openOnTarget: 2 });
  });
});
