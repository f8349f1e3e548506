/** Sends WhatsApp messages on the club's behalf. */
export interface WhatsAppSender {
  readonly kind: "local" | "cloud";
  /** Delivers a login code to a phone given as E.164 digits without '+'. */
  sendLoginCode(phoneDigits: string, code: string): Promise<void>;
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
