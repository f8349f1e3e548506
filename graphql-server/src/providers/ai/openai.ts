import { AppError } from "../../lib/errors.js";
import { clampText, type ImproveTextInput, type TextImprover } from "./ai.js";

export interface OpenAiOptions {
  apiUrl: string;
  apiKey: string;
  model: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

export const SYSTEM_PROMPT = [
  "Você ajuda empreendedoras brasileiras a escrever publicações de parceria para o Mural de Parcerias de um clube de negócios.",
  "Melhore a descrição recebida: português do Brasil correto, tom profissional e acolhedor, no feminino, frases claras.",
  "Mantenha todos os fatos (serviços, cidades, valores, prazos, contatos); não invente nada.",
  "Responda somente com o novo texto da descrição, sem título, sem aspas e sem comentários, com no máximo 1500 caracteres.",
].join(" ");

const failed = () => new AppError("AI_FAILED");

/** Any OpenAI-compatible chat completions API (POST {apiUrl}/chat/completions). */
export class OpenAiTextImprover implements TextImprover {
  readonly kind = "openai" as const;

  constructor(private readonly options: OpenAiOptions) {}

  async improve({ title, description, postType }: ImproveTextInput): Promise<string> {
    const { apiUrl, apiKey, model } = this.options;
    const kind = postType === "pedido" ? "pedido (ela procura uma parceira)" : "oferta (ela oferece algo)";
    let response: Response;
    try {
      response = await (this.options.fetch ?? fetch)(`${apiUrl.replace(/\/$/, "")}/chat/completions`, {
        method: "POST",
        headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
        body: JSON.stringify({
          model,
          temperature: 0.4,
          messages: [
            { role: "system", content: SYSTEM_PROMPT },
            { role: "user", content: `Tipo de publicação: ${kind}\nTítulo: ${title}\nDescrição:\n${description}` },
          ],
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      });
    } catch {
      throw failed();
    }
    if (!response.ok) throw failed();
    const json = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
    const content = json?.choices?.[0]?.message?.content;
    if (typeof content !== "string" || !content.trim()) throw failed();
    return clampText(content.trim());
  }
}
