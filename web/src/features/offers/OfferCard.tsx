import { useEffect, useId, useRef, useState } from "react";
import styled, { css, keyframes } from "styled-components";
import { asPlan, hasShowcaseProfile, LIMITS, TIMINGS, type OfferTypeName, type PostTypeName } from "@clube-coroa/schema";
import { KindIcon } from "../../components/KindIcon";
import { Avatar, memberPhotoUrl } from "../../components/Avatar";
import { PlanBadge } from "../../components/Badge";
import { Button } from "../../components/Button";
import { OverflowMenu, type MenuAction } from "../../components/OverflowMenu";
import { formatRelativeTime, yearOf } from "../../lib/format";
import { earlyTap } from "../../lib/earlyTaps";
import { likeColour } from "./likeColour";
import { OFFER_TEXTS } from "./offerTexts";
import { SAFETY_TEXTS } from "../safety";

const T = OFFER_TEXTS.card;

/** An offer as the board shows it: the offer and its author's display fields (spec part 1 section 3). */
export interface BoardOffer {
  id: number;
  /** The author's id: needed only to fetch a photo stored as the marker 'webp'. */
  userId?: number | null;
  postType: PostTypeName;
  type: OfferTypeName;
  title: string;
  description: string;
  categories: string[];
  likes: number;
  isLiked: boolean;
  isUrgent: boolean;
  /** ISO instant. */
  createdAt: string;
  userNickname?: string | null;
  userFullName?: string | null;
  userName?: string | null;
  userPlan?: string | null;
  /** ISO instant. */
  userJoinedAt?: string | null;
  userProfilePhoto?: string | null;
  userProfessionalActivity?: string | null;
  /** 'Quem pode iniciar conversa comigo' of the author; 'nobody': she takes no new conversations for now. */
  userConversationsFrom?: string | null;
}

export interface OfferCardProps {
  offer: BoardOffer;
  isOwner: boolean;
  onLike: (id: number) => void;
  onContact: (offer: BoardOffer) => void;
  onEdit?: (offer: BoardOffer) => void;
  onDelete?: (offer: BoardOffer) => void;
  onReport?: (offer: BoardOffer) => void;
  /** 'Bloquear' in the card's menu (issue 27). */
  onBlock?: (offer: BoardOffer) => void;
  /** 'Silenciar' (issue 27): her messages stop raising notices for a while. */
  onMute?: (offer: BoardOffer) => void;
  onOpenAuthor?: (offer: BoardOffer) => void;
  /** The proposal dialog's preview: no menu, no ID, actions shown but disabled. */
  preview?: boolean;
  /**
   * On the board: its buttons are marked so that a tap before the app is live is kept by the page
   * and made once it is (lib/earlyTaps.ts).
   */
  earlyTaps?: boolean;
}

/** Nickname, else full name, else name (spec part 1 section 2). */
export const displayNameOf = (offer: Pick<BoardOffer, "userNickname" | "userFullName" | "userName">): string =>
  [offer.userNickname, offer.userFullName, offer.userName].map((v) => v?.trim()).find(Boolean) ?? "";

/** Only the authors with a showcase profile (majestade and imperatriz) open it from the avatar. */
export const authorProfileOpens = (plan: string | null | undefined): boolean => {
  const author = asPlan(plan);
  return author !== null && hasShowcaseProfile(author);
};

/** The author's photo address: the marker 'webp' means the photo lives at the user's photo path. */
export const authorPhotoOf = (offer: Pick<BoardOffer, "userId" | "userProfilePhoto">): string | null =>
  memberPhotoUrl(offer.userId, offer.userProfilePhoto);

export const contactLabel = (type: OfferTypeName, postType: PostTypeName): string => OFFER_TEXTS.contact[type][postType];

const pulse = keyframes`
  0% { transform: scale(1); }
  40% { transform: scale(1.25); }
  100% { transform: scale(1); }
`;

const Card = styled.article<{ $urgent: boolean }>`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  /* Clear of the sticky navigation when an address brings her back to it (#oferta-{id}). */
  scroll-margin-top: 80px;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-top: 4px solid ${({ theme, $urgent }) => ($urgent ? theme.colors.danger : theme.colors.gold)};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.lg};
  }
`;

const Top = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  min-height: ${({ theme }) => theme.tapTarget};
  margin: -${({ theme }) => theme.space.xs} -${({ theme }) => theme.space.xs} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};

  time { margin-right: auto; }
`;

const UrgentBadge = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 0.3em;
  padding: 0.2em 0.7em;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.danger};
  color: #fff;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  letter-spacing: 0.04em;
`;

/** Who: after what she offers or asks for, above the action. */
const Author = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  margin-top: auto;
  padding-top: ${({ theme }) => theme.space.xs};
`;

const AvatarButton = styled.button`
  flex: none;
  padding: 0;
  border: none;
  background: none;
  border-radius: 50%;
  cursor: pointer;
  min-width: ${({ theme }) => theme.tapTarget};
  min-height: ${({ theme }) => theme.tapTarget};
`;

const AuthorText = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: 2px;
  min-width: 0;
`;

const AuthorName = styled.p`
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  color: ${({ theme }) => theme.colors.brandDark};
  overflow-wrap: anywhere;
`;

const Since = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Badges = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xxs};
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Badge = styled.li<{ $tone: "brand" | "gold" | "neutral" }>`
  display: inline-flex;
  align-items: center;
  gap: 0.3em;
  padding: 0.2em 0.7em;
  svg { flex: none; }
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  letter-spacing: 0.04em;
  ${({ $tone, theme }) =>
    $tone === "brand"
      ? css`background: ${theme.colors.brand}; color: #fff;`
      : $tone === "gold"
        ? css`background: ${theme.colors.goldLight}; color: ${theme.colors.brandDark};`
        : css`background: ${theme.colors.surfaceAlt}; color: ${theme.colors.textMuted};`}
`;

const Activity = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
`;

const Title = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.xl};
  line-height: ${({ theme }) => theme.lineHeights.tight};
  overflow-wrap: anywhere;
`;

/** Lines of a long description shown before it scrolls: fewer than 200 characters fill them at every width. */
const LONG_DESCRIPTION_LINES = 4;

/**
 * A long description (the spec's 'Role para ver mais') shows whole lines and scrolls for the rest;
 * a short one shows whole (issue 15: the note showed on texts that fit, and the box cut through a line).
 */
const Description = styled.div<{ $long: boolean }>`
  line-height: ${({ theme }) => theme.lineHeights.normal};
  max-height: ${({ $long, theme }) => ($long ? `${theme.lineHeights.normal * LONG_DESCRIPTION_LINES}em` : "none")};
  overflow-y: auto;
  overscroll-behavior: contain;
  white-space: pre-line;
  overflow-wrap: anywhere;
  color: ${({ theme }) => theme.colors.text};
  border-radius: ${({ theme }) => theme.radii.sm};
`;

const LongNote = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-style: italic;
`;

const Tags = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  padding: 0;
  list-style: none;
  color: ${({ theme }) => theme.colors.brand};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding-top: ${({ theme }) => theme.space.xs};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  & > :last-child { flex: 1; }
`;

const LikeButton = styled.button<{ $colour: string; $pulsing: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: ${({ theme }) => theme.tapTarget};
  min-height: ${({ theme }) => theme.tapTarget};
  padding: 0 ${({ theme }) => theme.space.sm};
  border: 2px solid currentColor;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ $colour }) => $colour};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  font-variant-numeric: tabular-nums;
  cursor: pointer;
  &:disabled { cursor: default; }
  svg {
    ${({ $pulsing }) =>
      $pulsing &&
      css`
        animation: ${pulse} ${TIMINGS.likePulseMs}ms ease-out;
      `}
  }
`;

function Heart({ filled }: { filled: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false" data-filled={filled}>
      <path
        d="M12 21s-7.5-4.6-9.6-9.2C.9 8.4 3 4.5 6.6 4.5c2.1 0 3.6 1.2 5.4 3.2 1.8-2 3.3-3.2 5.4-3.2 3.6 0 5.7 3.9 4.2 7.3C19.5 16.4 12 21 12 21Z"
        fill={filled ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * 'Há 5 minutos': the server keeps its drawing of `/` until the board changes, so the drawn text may
 * be older than the app's first render (React's hydration error #418, issue 24). The drawn text is
 * taken over as it is, then read again from the real clock once the card is hers.
 */
function RelativeTime({ iso }: { iso: string }) {
  // A new element once live: React keeps a hydrated text it was told to ignore until it changes.
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return (
    <time key={live ? "live" : "drawn"} dateTime={iso} suppressHydrationWarning>
      {formatRelativeTime(iso)}
    </time>
  );
}

/** One offer or request of the Mural de Parcerias (spec part 1 sections 2, 4, 6). */
export function OfferCard({ offer, isOwner, onLike, onContact, onEdit, onDelete, onReport, onBlock, onMute, onOpenAuthor, preview = false, earlyTaps = false }: OfferCardProps) {
  const tapKey = (action: string) => (earlyTaps ? earlyTap(`${action}:${offer.id}`) : {});
  const titleId = useId();
  const [pulsing, setPulsing] = useState(false);
  const pulseTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pulseTimer.current), []);

  const name = displayNameOf(offer);
  const since = yearOf(offer.userJoinedAt);
  const long = offer.description.length > LIMITS.longDescriptionNote;

  const actions: MenuAction[] = [];
  if (!preview) {
    if (isOwner) {
      if (onEdit) actions.push({ label: T.edit, onSelect: () => onEdit(offer) });
      if (onDelete) actions.push({ label: T.delete, onSelect: () => onDelete(offer), tone: "danger" });
    } else {
      if (onReport) actions.push({ label: T.report, onSelect: () => onReport(offer), tone: "danger" });
      if (onMute) actions.push({ label: SAFETY_TEXTS.mute, onSelect: () => onMute(offer) });
      if (onBlock) actions.push({ label: SAFETY_TEXTS.block, onSelect: () => onBlock(offer), tone: "danger" });
    }
  }

  const like = () => {
    setPulsing(true);
    clearTimeout(pulseTimer.current);
    pulseTimer.current = setTimeout(() => setPulsing(false), TIMINGS.likePulseMs);
    onLike(offer.id);
  };

  const avatar = <Avatar name={name} photo={authorPhotoOf(offer)} size={48} />;
  const canOpenAuthor = !preview && !!onOpenAuthor && authorProfileOpens(offer.userPlan);

  return (
    <Card id={preview ? undefined : `oferta-${offer.id}`} aria-labelledby={titleId} $urgent={offer.isUrgent}>
      <Top>
        <RelativeTime iso={offer.createdAt} />
        {offer.isUrgent && <UrgentBadge>⚡ {T.urgent}</UrgentBadge>}
        <OverflowMenu label={T.menu} actions={actions} triggerProps={tapKey("menu")} />
      </Top>


      <Badges>
        <Badge $tone="brand">{OFFER_TEXTS.postType[offer.postType]}</Badge>
        <Badge $tone="gold">
          <KindIcon kind={offer.type} size={14} />
          {OFFER_TEXTS.kind[offer.type]}
        </Badge>
        {!preview && <Badge $tone="neutral">{T.id(offer.id)}</Badge>}
      </Badges>


      <Title id={titleId}>{offer.title}</Title>
      {long && <LongNote>{T.longNote(offer.description.length)}</LongNote>}
      <Description
        $long={long}
        {...(long ? { tabIndex: 0, role: "region", "aria-label": `${T.description}: ${offer.title}` } : {})}
      >
        {offer.description}
      </Description>

      {offer.categories.length > 0 && (
        <Tags aria-label={T.categories}>
          {offer.categories.map((category) => (
            <li key={category}>#{category}</li>
          ))}
        </Tags>
      )}

      <Author>
        {canOpenAuthor ? (
          <AvatarButton type="button" {...tapKey("author")} aria-label={T.openAuthor(name || "autora")} onClick={() => onOpenAuthor?.(offer)}>
            {avatar}
          </AvatarButton>
        ) : (
          avatar
        )}
        <AuthorText>
          <AuthorName>{name}</AuthorName>
          {offer.userPlan && <PlanBadge plan={offer.userPlan} label={T.plan} />}
          {since !== null && <Since>{T.since(since)}</Since>}
          {offer.userProfessionalActivity && <Activity>{offer.userProfessionalActivity}</Activity>}
        </AuthorText>
      </Author>

      <Actions>
        <LikeButton
          type="button"
          aria-label={T.like(offer.likes)}
          aria-pressed={offer.isLiked}
          $colour={likeColour(offer.likes, offer.isLiked)}
          $pulsing={pulsing}
          data-pulsing={pulsing || undefined}
          disabled={preview}
          {...tapKey("like")}
          onClick={like}
        >
          <Heart filled={offer.isLiked} />
          <span aria-hidden="true">{offer.likes}</span>
        </LikeButton>
        {offer.userConversationsFrom === "nobody" && !isOwner ? (
          <Button $variant="outline" disabled>
            {SAFETY_TEXTS.notTakingConversations}
          </Button>
        ) : (
          <Button $variant="primary" disabled={preview} {...tapKey("contact")} onClick={() => onContact(offer)}>
            {contactLabel(offer.type, offer.postType)}
          </Button>
        )}
      </Actions>
    </Card>
  );
}
