// The board's public face for the other features (the board itself is app/'s to load and hand over,
// app/pages.ts): how offers are named, and the upgrade prompt a conversation opens too, as a loader
// and its props' type, never the component (nothing here pulls the board's code into a screen that
// does not draw it).
export { OFFER_TEXTS } from "./offerTexts";
export type { UpgradePrompt } from "./PlanDialogs";

/** 'Faça upgrade': the plan a feature needs (the board's, and a conversation's). */
export const loadUpgradePromptDialog = () => import("./PlanDialogs").then((m) => m.UpgradePromptDialog);

/** The member profile dialog ('Parceiras' opens it too, with what it adds below the profile). */
export const loadAuthorProfileDialog = () => import("./AuthorProfileDialog").then((m) => m.AuthorProfileDialog);
export type { AuthorRef } from "./AuthorProfileDialog";
export type { ReportTarget } from "./ReportDialog";
/** 'Denunciar': a post, a member or a message (issue 27), then 'Bloquear' offered in the same dialog. */
export const loadReportDialog = () => import("./ReportDialog").then((m) => m.ReportDialog);
