import { dayInSaoPaulo, PRODUCT_TIME_ZONE as TZ } from "@clube-coroa/schema";
import type { ConversationFieldsFragment } from "../../gql/graphql";
import { onFirstUse } from "../../lib/intl";
import { MT } from "./messageTexts";

const dayFormat = onFirstUse(() => new Intl.DateTimeFormat("pt-BR", { timeZone: TZ, day: "numeric", month: "long" }));
const dayYearFormat = onFirstUse(() => new Intl.DateTimeFormat("pt-BR", { timeZone: TZ, day: "numeric", month: "long", year: "numeric" }));
const timeFormat = onFirstUse(() => new Intl.DateTimeFormat("pt-BR", { timeZone: TZ, hour: "2-digit", minute: "2-digit" }));

/** The calendar day of an instant on the product's calendar, as 'YYYY-MM-DD'. */
export const dayKey = (iso: string) => dayInSaoPaulo(iso);

/** 'Hoje', 'Ontem', '12 de março' or '12 de março de 2024'. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const key = dayKey(iso);
  const today = dayInSaoPaulo(now);
  if (key === today) return MT.today;
  if (key === dayInSaoPaulo(now, -1)) return MT.yesterday;
  const sameYear = key.slice(0, 4) === today.slice(0, 4);
  return (sameYear ? dayFormat() : dayYearFormat()).format(new Date(iso));
}

export const timeLabel = (iso: string) => timeFormat().format(new Date(iso));

export function displayName(user: ConversationFieldsFragment["otherUser"]): string {
  return avatarName(user) ?? MT.deletedMember;
}

/**
 * The name her avatar's initials come from: her display name, as on the board's cards (spec part 1:
 * 'from the display name, or U when there is none'); null for a departed member.
 */
export function avatarName(user: ConversationFieldsFragment["otherUser"]): string | null {
  return user?.nickname?.trim() || user?.fullName?.trim() || null;
}

const fold = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase();

/** Conversations whose member name (nickname or full name) or offer title contain the query. */
export function filterConversations<T extends ConversationFieldsFragment>(conversations: readonly T[], query: string): T[] {
  const wanted = fold(query.trim());
  if (!wanted) return [...conversations];
  return conversations.filter((c) =>
    [c.otherUser?.nickname, c.otherUser?.fullName, c.offer?.title].some((text) => !!text && fold(text).includes(wanted)),
  );
}

export const badgeText = (count: number, cap = 99) => (count > cap ? `${cap}+` : String(count));
