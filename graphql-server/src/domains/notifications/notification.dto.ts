import type { NotificationTypeName } from "@clube-coroa/schema";

/** One entry of 'Avisos' as it leaves the server (both doors and the bus). */
export interface NotificationDTO {
  id: number;
  type: NotificationTypeName;
  title: string;
  body: string;
  link: string;
  /** ISO 8601, UTC: the time of its latest event. */
  createdAt: string;
  readAt: string | null;
}


/** An entry as stored, as it leaves the server. */
export const toNotificationDTO = (n: {
  id: number;
  type: string;
  title: string;
  body: string;
  link: string;
  createdAt: Date | string;
  readAt: Date | string | null;
}): NotificationDTO => ({
  id: n.id,
  type: n.type as NotificationTypeName,
  title: n.title,
  body: n.body,
  link: n.link,
  createdAt: new Date(n.createdAt).toISOString(),
  readAt: n.readAt ? new Date(n.readAt).toISOString() : null,
});
