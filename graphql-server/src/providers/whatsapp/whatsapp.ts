/** Sends WhatsApp messages on the club's behalf. */
export interface WhatsAppSender {
  readonly kind: "local" | "cloud";
  /** Delivers a login code to a phone given as E.164 digits without '+'. */
  sendLoginCode(phoneDigits: string, code: string): Promise<void>;
  /** Tells an offline member that a message arrived in one of her conversations. */
  sendMessageNotification(phoneDigits: string, notice: MessageNotice): Promise<void>;
}

export interface MessageNotice {
  senderName: string;
  offerTitle: string;
}

export type WhatsAppFailure = "recipient" | "rate_limited" | "configuration" | "unavailable";

/** A refusal from the provider, already sorted into what the member can act on. */
export class WhatsAppSendError extends Error {
  constructor(
    message: string,
    readonly failure: WhatsAppFailure,
    readonly providerCode?: number,
  ) {
    super(message);
    this.name = "WhatsAppSendError";
  }
}
