// Notifications' public face (issue 29): 'Preferências de notificação' for /perfil, fetched when first
// drawn (a loader, which the profile wraps in lazyWhenOpen). The bell, its live feed and the page
// '/avisos' are drawn by app/ from their own files.

/** 'Preferências de notificação' on 'Meu Perfil': per type × channel, and 'Não perturbe'. */
export const loadNotificationPreferences = () => import("./NotificationPreferences").then((m) => m.NotificationPreferences);
