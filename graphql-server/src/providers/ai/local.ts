import type { Logger } from "../../lib/log.js";
import { clampText, IMPROVED_TEXT_MAX, type ImproveTextInput, type TextImprover } from "./ai.js";
import { correctSpelling, portugueseSpeller, type Speller } from "./spelling.js";

const CLOSING: Record<ImproveTextInput["postType"], string> = {
  oferta: "Ficou interessada? Entre em contato e vamos conversar sobre esta parceria!",
  pedido: "Se você pode ajudar, entre em contato e vamos conversar!",
};

const capitalise = (text: string) =>
  text.replace(/(^|[.!?]\s+|\n\s*)(\p{Ll})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());

/**
 * The offline improver: puts back the accents and cedillas a phone keyboard left out and spells out
 * chat shorthands (spelling.ts, with a Hunspell dictionary), tidies spacing, capitalises sentences,
 * ends with a period and adds a short closing line for an offer or a request. Deterministic, so
 * tests and the demo need no network. Without its dictionary (it failed to load) it still tidies.
 */
export class LocalTextImprover implements TextImprover {
  readonly kind = "local" as const;

  private readonly speller: () => Promise<Speller>;
  private readonly log?: Logger;

  constructor({ speller = portugueseSpeller, log }: { speller?: () => Promise<Speller>; log?: Logger } = {}) {
    this.speller = speller;
    this.log = log;
  }

  private async spelled(text: string): Promise<string> {
    try {
      return correctSpelling(text, await this.speller());
    } catch (error) {
      this.log?.warn({ err: error }, "the Portuguese dictionary could not be loaded: text left unspelled");
      return text;
    }
  }

  async improve({ description: typed, postType }: ImproveTextInput): Promise<string> {
    const description = await this.spelled(typed);
    const paragraphs = description
      .replace(/\r\n?/g, "\n")
      .split(/\n{2,}/)
      .map((p) =>
        p
          .split("\n")
          .map((line) => line.replace(/[ \t]+/g, " ").replace(/\s+([,.;:!?])/g, "$1").trim())
          .filter(Boolean)
          .join("\n"),
      )
      .filter(Boolean);
    let body = capitalise(paragraphs.join("\n\n"));
    const closing = CLOSING[postType] ?? CLOSING.oferta;
    if (body.endsWith(closing)) return clampText(body);
    if (body && !/[.!?…]$/.test(body)) body += ".";
    const withClosing = body ? `${body}\n\n${closing}` : closing;
    return withClosing.length <= IMPROVED_TEXT_MAX ? withClosing : clampText(body);
  }
}
