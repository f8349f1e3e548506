// Before any schema is built: the browser's CSP refuses zod's eval probe (validation/jitless.ts).
import "./jitless.js";
import { z } from "zod";
import { LIMITS, REPORT_REASONS } from "../constants.js";
import { ERROR_MESSAGES, type ErrorCode } from "../messages.js";
import { parseId } from "./id.js";
import { containsNul, TEXT_MESSAGES } from "./text.js";

const { min, max } = LIMITS.reportCustomReason;

/** A refusal of a report payload: the error code both doors answer with, and its text. */
export interface ReportIssue {
  code: ErrorCode;
  message: string;
}

const issue = (code: ErrorCode, message: string = ERROR_MESSAGES[code]): ReportIssue => ({ code, message });

/**
 * What a member sends when she reports a post (spec part 2 sections 3 and 7, both payload variants:
 * `{ reason, customReason, offerId, reportedUserId }` or `{ reportedUserId, offerId, reason }`).
 * Without an offer, `{ reportedUserId, reason }` reports a member and `{ messageId, reason }` a message
 * (issue 27). The reason is case-insensitive; a description is required for 'other'.
 */
export const reportInputSchema = z
  .object({
    offerId: z.unknown().optional(),
    messageId: z.unknown().optional(),
    reportedUserId: z.unknown().optional(),
    reason: z.unknown().optional(),
    customReason: z.unknown().optional(),
  })
  .transform((input, ctx) => {
    const fail = (problem: ReportIssue) => {
      ctx.addIssue({ code: "custom", message: problem.message, params: { code: problem.code }, input });
      return z.NEVER;
    };
    if (containsNul(input)) return fail(issue("VALIDATION", TEXT_MESSAGES.invalidCharacters));
    const reason = typeof input.reason === "string" ? input.reason.trim().toLowerCase() : "";
    if (!(REPORT_REASONS as readonly string[]).includes(reason)) return fail(issue("REPORT_REASON_REQUIRED"));
    const customReason = typeof input.customReason === "string" ? input.customReason.trim() : "";
    if (reason === "other" && customReason.length < min) return fail(issue("REPORT_DESCRIPTION_REQUIRED"));
    if (customReason.length > max) {
      return fail(reason === "other" ? issue("REPORT_DESCRIPTION_REQUIRED") : issue("VALIDATION", `A descrição deve ter no máximo ${max} caracteres`));
    }
    const absent = (value: unknown) => value === undefined || value === null || value === "";
    const common = { reason: reason as (typeof REPORT_REASONS)[number], customReason: customReason || null };
    // No offer: a message (messageId) or a member (reportedUserId) is reported (issue 27).
    if (absent(input.offerId) && !absent(input.messageId)) {
      const messageId = parseId(input.messageId);
      if (messageId === null) return fail(issue("NOT_FOUND", REPORT_TARGET_TEXTS.messageNotFound));
      return { kind: "message" as const, messageId, offerId: undefined, reportedUserId: undefined, ...common };
    }
    if (absent(input.offerId) && !absent(input.reportedUserId)) {
      const reportedUserId = parseId(input.reportedUserId);
      if (reportedUserId === null) return fail(issue("NOT_FOUND", REPORT_TARGET_TEXTS.memberNotFound));
      return { kind: "member" as const, reportedUserId, offerId: undefined, messageId: undefined, ...common };
    }
    if (absent(input.offerId)) return fail(issue("VALIDATION", REPORT_TARGET_TEXTS.targetRequired));
    const offerId = parseId(input.offerId);
    if (offerId === null) return fail(issue("NOT_FOUND", "Oferta não encontrada"));
    const reportedUserId = absent(input.reportedUserId) ? undefined : parseId(input.reportedUserId);
    if (reportedUserId === null) return fail(issue("REPORT_TARGET_MISMATCH"));
    return { kind: "offer" as const, offerId, reportedUserId, messageId: undefined, ...common };
  });

/** The refusals of a report's target (a post, a member or a message). */
export const REPORT_TARGET_TEXTS = {
  targetRequired: "Informe o que está denunciando: a publicação (offerId), a sócia (reportedUserId) ou a mensagem (messageId)",
  memberNotFound: "Usuária não encontrada",
  messageNotFound: "Mensagem não encontrada",
} as const;

export type ReportPayload = z.output<typeof reportInputSchema>;

/** The code and text of a refused report payload. */
export function reportIssueOf(error: z.ZodError): ReportIssue {
  const first = error.issues[0] as { message: string; params?: { code?: ErrorCode } } | undefined;
  return { code: first?.params?.code ?? "VALIDATION", message: first?.message ?? ERROR_MESSAGES.VALIDATION };
}
