import type { Logger } from "../../lib/log.js";
import type { WhatsAppSender } from "./whatsapp.js";

export interface OutboxEntry {
  phone: string;
  code: string;
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
    this.entries.unshift({ phone: phoneDigits, code, sentAt: this.now().toISOString() });
    this.entries.length = Math.min(this.entries.length, this.capacity);
    this.log.info({ phone: `+${phoneDigits}`, code }, `[whatsapp:local] código de acesso para +${phoneDigits}: ${code}`);
  }

  outbox(phoneDigits?: string): OutboxEntry[] {
    return phoneDigits ? this.entries.filter((e) => e.phone === phoneDigits) : [...this.entries];
  }
}
