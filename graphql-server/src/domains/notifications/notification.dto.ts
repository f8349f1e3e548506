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

