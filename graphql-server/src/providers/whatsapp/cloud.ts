import { WhatsAppSendError, type MessageNotice, type WhatsAppSender } from "./whatsapp.js";

export interface CloudApiOptions {
  apiUrl: string;
  apiVersion: string;
  phoneNumberId: string;
  accessToken: string;
  templateName: string;
  templateLanguage: string;
  /** The utility template of new-message notices (default nova_mensagem). */
  messageTemplateName?: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface CloudApiErrorBody {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number; fbtrace_id?: string };
}

// Error codes of the WhatsApp Cloud API, grouped by what the member can do about them.
const RATE_LIMIT_CODES = new Set([4, 80007, 130429, 131048, 131056]);
const RECIPIENT_CODES = new Set([131026, 131030, 131021, 131047, 131051, 100]);
const CONFIGURATION_CODES = new Set([0, 3, 10, 190, 200, 131031, 132000, 132001, 132005, 132007, 132012, 133010]);

/**
 * WhatsApp Cloud API adapter: sends the approved authentication template (body parameter and
 * copy-code button both carry the code) through POST /{version}/{phone-number-id}/messages.
 */
export class CloudWhatsAppSender implements WhatsAppSender {
  readonly kind = "cloud" as const;

  constructor(private readonly options: CloudApiOptions) {}

  sendLoginCode(phoneDigits: string, code: string) {
    return this.sendTemplate(phoneDigits, this.options.templateName, [
      { type: "body", parameters: [{ type: "text", text: code }] },
      { type: "button", sub_type: "url", index: "0", parameters: [{ type: "text", text: code }] },
    ]);
  }

  /** The utility template: "{{1}} enviou uma mensagem sobre {{2}} no Clube Coroa" (docs/decisions/0042-whatsapp-notice-of-a-new-message.md). */
  sendMessageNotification(phoneDigits: string, { senderName, offerTitle }: MessageNotice) {
    return this.sendTemplate(phoneDigits, this.options.messageTemplateName ?? "nova_mensagem", [
      {
        type: "body",
        parameters: [
          { type: "text", text: senderName },
          { type: "text", text: offerTitle },
        ],
      },
    ]);
  }

  private async sendTemplate(phoneDigits: string, templateName: string, components: unknown[]) {
    const { apiUrl, apiVersion, phoneNumberId, accessToken, templateLanguage } = this.options;
    const url = `${apiUrl.replace(/\/$/, "")}/${apiVersion}/${encodeURIComponent(phoneNumberId)}/messages`;
    const body = {
      messaging_product: "whatsapp",
      recipient_type: "individual",
      to: phoneDigits,
      type: "template",
      template: { name: templateName, language: { code: templateLanguage }, components },
    };
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(url, {
        method: "POST",
        headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch {
      throw new WhatsAppSendError("O WhatsApp não respondeu. Tente novamente em instantes.", "unavailable");
    }
    if (response.ok) {
      const json = (await response.json().catch(() => ({}))) as { messages?: { id?: string }[] };
      if (!json.messages?.[0]?.id) {
        throw new WhatsAppSendError("Falha ao enviar token via WhatsApp.", "unavailable");
      }
      return;
    }
    const json = (await response.json().catch(() => ({}))) as CloudApiErrorBody;
    const providerCode = json.error?.code;
    if (response.status === 429 || (providerCode !== undefined && RATE_LIMIT_CODES.has(providerCode))) {
      throw new WhatsAppSendError(
        "O WhatsApp limitou o envio de mensagens agora. Tente novamente em alguns minutos.",
        "rate_limited",
        providerCode,
      );
    }
    if (providerCode !== undefined && RECIPIENT_CODES.has(providerCode)) {
      throw new WhatsAppSendError(
        "Não foi possível entregar o código neste número. Confira se ele tem WhatsApp.",
        "recipient",
        providerCode,
      );
    }
    const failure = response.status === 401 || (providerCode !== undefined && CONFIGURATION_CODES.has(providerCode))
      ? "configuration"
      : "unavailable";
    throw new WhatsAppSendError("Falha ao enviar token via WhatsApp.", failure, providerCode);
  }
}
