// Her data (issue 30): 'Meus dados' on /perfil and the 'Atualizamos' notice, each fetched when first
// drawn (a loader, which the piece using it wraps in lazyWhenOpen).

/** 'Meus dados' on 'Meu Perfil': consents, 'Quem viu meus dados', what deletion keeps. */
export const loadPrivacyPanel = () => import("./PrivacyPanel").then((m) => m.PrivacyPanel);
/** 'Atualizamos nossos textos': shown to a signed-in member with a text to accept again. */
export const loadConsentsUpdate = () => import("./ConsentsUpdate").then((m) => m.ConsentsUpdate);
