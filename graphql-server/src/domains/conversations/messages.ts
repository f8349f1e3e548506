/** A message as both doors and the bus carry it; dates are ISO strings so Redis keeps them intact. */
export interface MessageDTO {
  id: number;
  conversationId: number;
  senderId: number | null;
  content: string;
  createdAt: string;
}

/** The spec's new-message notification (part 1 section 3). */
export interface NewMessageNotification {
  messageId: number;
  senderName: string;
  senderPhone: string;
  content: string;
  conversationId: number;
  offerId: number | null;
  offerTitle: string | null;
}
