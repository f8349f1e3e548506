import type { PostTypeName } from "@clube-coroa/schema";

export interface ImproveTextInput {
  title: string;
  description: string;
  postType: PostTypeName;
}

/** 'Ajustar por IA': rewrites an offer's description; the answer is the new description only. */
export interface TextImprover {
  readonly kind: "local" | "openai";
  improve(input: ImproveTextInput): Promise<string>;
}

/** The form's description limit; an improver never answers more. */
export const IMPROVED_TEXT_MAX = 1500;

/** Cuts a text to the limit at a word boundary, ending with an ellipsis. */
export function clampText(text: string, max = IMPROVED_TEXT_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(" ");
  return `${(lastSpace > max * 0.8 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}
