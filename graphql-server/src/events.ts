import type { Bus as TopicBus } from "./lib/bus.js";
import type { MessageDTO, NewMessageNotification } from "./domains/conversations/messages.js";
import type { UserDTO } from "./domains/users/users.service.js";
import type { NotificationDTO } from "./domains/notifications/notification.dto.js";
import type { PaymentDTO } from "./domains/billing/billing.dto.js";
import type { DataExportDTO } from "./domains/privacy/data-export.dto.js";

/** Every real-time event of the product, by topic. Services publish after their transaction commits. */
export type BusEvents = {
  "user:updated": [userId: number, payload: UserDTO];
  /**
   * Something on the board changed. `author`: a member's display fields, plan or state changed, or
   * she left (her offers went with her); `offerId` is then absent and `authorId` names her.
   */
  "offers:changed": [
    payload: {
      kind: "created" | "updated" | "deleted" | "liked" | "author";
      offerId?: number;
      authorId?: number;
      totalLikes?: number;
    },
  ];
  "message:added": [conversationId: number, payload: MessageDTO];
  "notification:new": [userId: number, payload: NewMessageNotification];
  /** Her unread count may have changed; each subscriber counts afresh, so the last value is exact
   * and a send to a member nobody is watching costs no count. */
  "unread:changed": [userId: number, payload: Record<string, never>];
  "presence:changed": [userId: number, payload: { userId: number; isOnline: boolean }];
  /**
   * Sessions ended: one (`sessionId`: logout, expiry) or all of a member's (account deletion, role
   * change; `exceptSessionId` spares the one a sign-in just opened). Every instance closes the
   * sockets and subscriptions they had opened.
   */
  "session:ended": [payload: { userId: number; sessionId?: number; exceptSessionId?: number }];
  /**
   * Her user row changed (plan, profile, photo): every instance forgets the sessions it trusted for
   * her with the old row (the session cache), so her next request reads the new one.
   */
  "session:stale": [payload: { userId: number }];
  /** The sponsors' banners changed: every /chat socket is told to refetch them. */
  "banners:changed": [payload: { at: string }];
  /** One of her payments changed state (created, confirmed, overdue...): the checkout celebrates on it. */
  "payment:updated": [userId: number, payload: PaymentDTO];
  /**
   * A count of the admin dashboard may have changed (a member joined, went on- or offline, a
   * conversation or message, a report). Published at most twice a second per instance; offers and
   * likes are told by `offers:changed`.
   */
  "stats:changed": [payload: { at: number }];
  /** A partner's API key was revoked: every instance forgets it at once (it trusted it for up to 30 s). */
  "partnerKey:revoked": [payload: { keyId: number }];
  /**
   * Her centre of 'Avisos' changed: an entry was written or updated (`entry`), or entries were read
   * (`entry` null). Subscribers count her unread entries afresh, so the last value is exact.
   */
  "notifications:changed": [userId: number, payload: { entry: NotificationDTO | null }];
  /**
   * Who may appear in sponsor answers changed (a member gave or withdrew `sponsors`, or left): every
   * instance forgets the partners' counts it kept (issue 30), so her next answer anywhere is without her.
   */
  "sponsors:changed": [payload: { at: number }];
  /** Jobs were stored in the durable queue (issue 29): each instance's worker looks at once instead of at its next poll. */
  "jobs:queued": [payload: { at: number }];
  /** An export of her data moved (queued, a step's progress, ready, failed): her panel and the staff's button follow it. */
  "dataExport:changed": [userId: number, payload: DataExportDTO];
  /** A member reported an offer: the staff's open dashboards show it. */
  "report:added": [payload: { reportId: number }];
};

/** The product's bus: services publish after their transaction commits; both doors subscribe. */
export type Bus = TopicBus<BusEvents>;
