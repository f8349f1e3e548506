import { REPORT_REASONS } from "@clube-coroa/schema";
import { builder, requireUser } from "../../builder.js";
import { AppError } from "../../lib/errors.js";

export const ReportReasonEnum = builder.enumType("ReportReason", { values: REPORT_REASONS });

const ReportInput = builder.inputType("ReportInput", {
  description: "A report of someone else's post ('Denunciar Publicação').",
  fields: (t) => ({
    offerId: t.int({ required: true }),
    reportedUserId: t.int({ required: false, description: "The offer's author; derived when omitted, refused when it differs." }),
    reason: t.field({ type: ReportReasonEnum, required: false, description: "Required: omitted answers 'Selecione um motivo'." }),
    customReason: t.string({ required: false, description: "Required for 'other': 5 to 500 characters." }),
  }),
});

const ReportPayload = builder.objectRef<{ id: number }>("ReportPayload").implement({
  description: "The report is with the moderation team (a repeat answers the pending one).",
  fields: (t) => ({ id: t.exposeInt("id") }),
});

builder.mutationField("reportOffer", (t) =>
  t.field({
    type: ReportPayload,
    args: { input: t.arg({ type: ReportInput, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "ReportOfferResult" } },
    resolve: async (_root, { input }, ctx) => {
      const { id } = await ctx.services.reports.createReport(requireUser(ctx), input);
      return { id };
    },
  }),
);

const MemberReportInput = builder.inputType("MemberReportInput", {
  description: "A report of a member (from her profile or a conversation; issue 27).",
  fields: (t) => ({
    userId: t.int({ required: true }),
    reason: t.field({ type: ReportReasonEnum, required: false, description: "Required: omitted answers 'Selecione um motivo'." }),
    customReason: t.string({ required: false, description: "Required for 'other': 5 to 500 characters." }),
  }),
});

const MessageReportInput = builder.inputType("MessageReportInput", {
  description: "A report of a message of one of her conversations (issue 27); the staff keep a copy of its text and time.",
  fields: (t) => ({
    messageId: t.int({ required: true }),
    reason: t.field({ type: ReportReasonEnum, required: false, description: "Required: omitted answers 'Selecione um motivo'." }),
    customReason: t.string({ required: false, description: "Required for 'other': 5 to 500 characters." }),
  }),
});

builder.mutationField("reportMember", (t) =>
  t.field({
    type: ReportPayload,
    description: "A second report of the same member while the first is open is refused (REPORT_ALREADY_OPEN).",
    args: { input: t.arg({ type: MemberReportInput, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "ReportMemberResult" } },
    resolve: async (_root, { input }, ctx) => {
      const { id } = await ctx.services.reports.createReport(requireUser(ctx), {
        reportedUserId: input.userId,
        reason: input.reason,
        customReason: input.customReason,
      });
      return { id };
    },
  }),
);

builder.mutationField("reportMessage", (t) =>
  t.field({
    type: ReportPayload,
    description: "Only a member of the message's conversation may report it; a second report of it while open is refused (REPORT_ALREADY_OPEN).",
    args: { input: t.arg({ type: MessageReportInput, required: true }) },
    errors: { types: [AppError], directResult: true, union: { name: "ReportMessageResult" } },
    resolve: async (_root, { input }, ctx) => {
      const { id } = await ctx.services.reports.createReport(requireUser(ctx), {
        messageId: input.messageId,
        reason: input.reason,
        customReason: input.customReason,
      });
      return { id };
    },
  }),
);
