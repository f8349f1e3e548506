import type { Logger } from "../../lib/log.js";
import type { PushDelivery, PushMessage, PushSender, PushTarget } from "./push.js";

/** Development: writes what would be pushed to the log (PUSH_PROVIDER=local); nothing leaves the machine. */
export class LocalPushSender implements PushSender {
  readonly kind = "local" as const;
  readonly sent: { endpoint: string; message: PushMessage }[] = [];

  constructor(private readonly log: Pick<Logger, "info">) {}

  async send(target: PushTarget, message: PushMessage, delivery: PushDelivery) {
    this.sent.unshift({ endpoint: target.endpoint, message });
    this.sent.length = Math.min(this.sent.length, 200);
    this.log.info({ endpoint: new URL(target.endpoint).origin, ...message, ttl: delivery.ttlSeconds }, `[push:local] ${message.title}: ${message.body}`);
  }
}
