// Safety's public face (issue 27): its texts, and its dialog and panel, each fetched when first drawn
// (a loader, which the feature using it wraps in lazyWhenOpen).
export { SAFETY_TEXTS } from "./safetyTexts";
export type { BlockTarget } from "./BlockDialog";
export type { MuteTarget } from "./MuteDialog";

/** 'Bloquear' with its confirmation, from a card, an author's profile or a conversation. */
export const loadBlockDialog = () => import("./BlockDialog").then((m) => m.BlockDialog);
/** 'Silenciar' for 1 day, 7 days or until she lifts it, from the same places as 'Bloquear'. */
export const loadMuteDialog = () => import("./MuteDialog").then((m) => m.MuteDialog);
/** 'Sócias bloqueadas' and 'Quem pode iniciar conversa comigo' on 'Meu Perfil'. */
export const loadSafetyPanel = () => import("./SafetyPanel").then((m) => m.SafetyPanel);
