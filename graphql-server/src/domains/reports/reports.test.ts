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
