import type { Logger } from "../../lib/log.js";
import type { MessageNotice, WhatsAppSender } from "./whatsapp.js";

export type OutboxKind = "login_code" | "message_notification";

export interface OutboxEntry {
  kind: OutboxKind;
  phone: string;
  /** Set on login codes. */
  code?: string;
  /** Set on new-message notices. */
  senderName?: string;
  offerTitle?: string;
  sentAt: string;
}

/**
 * Development default: writes the code to the server log and keeps it in an in-memory outbox
 * (newest first, bounded) served by GET /api/dev/outbox. Never used in production unless allowed.
 */
export class LocalWhatsAppSender implements WhatsAppSender {
  readonly kind = "local" as const;
  private readonly entries: OutboxEntry[] = [];

  constructor(
    private readonly log: Logger,
    private readonly now: () => Date = () => new Date(),
    private readonly capacity = 200,
  ) {}

  async sendLoginCode(phoneDigits: string, code: string) {
    this.add({ kind: "login_code", phone: phoneDigits, code, sentAt: this.now().toISOString() });
    this.log.info({ phone: `+${phoneDigits}`, code }, `[whatsapp:local] código de acesso para +${phoneDigits}: ${code}`);
  }

  async sendMessageNotification(phoneDigits: string, { senderName, offerTitle }: MessageNotice) {
    this.add({ kind: "message_notification", phone: phoneDigits, senderName, offerTitle, sentAt: this.now().toISOString() });
    this.log.info(
      { phone: `+${phoneDigits}`, senderName, offerTitle },
      `[whatsapp:local] nova mensagem de ${senderName} sobre "${offerTitle}" para +${phoneDigits}`,
    );
  }

  private add(entry: OutboxEntry) {
    this.entries.unshift(entry);
    this.entries.length = Math.min(this.entries.length, this.capacity);
  }

  /** Newest first; login codes only unless another kind (or "all") is asked for. */
  outbox(phoneDigits?: string, kind: OutboxKind | "all" = "login_code"): OutboxEntry[] {
    return this.entries.filter((e) => (!phoneDigits || e.phone === phoneDigits) && (kind === "all" || e.kind === kind));
  }
}
