// Web Push's public face (issue 29): whether to invite her, and the invitation and the switch,
// each fetched when first drawn (nothing of push is in the first load).
export { dismissPushInvite, shouldInvitePush } from "./invite";
export { usePushInvitation } from "./usePushInvitation";

/** 'Ativar notificações no celular' / 'Desativar', for 'Notificações' on /perfil. */
export const loadEnablePushButton = () => import("./EnablePushButton").then((m) => m.EnablePushButton);
export type { PushState } from "./push";
