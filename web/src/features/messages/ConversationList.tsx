import { useId, useState } from "react";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { Avatar, memberPhotoUrl } from "../../components/Avatar";
import { Button } from "../../components/Button";
import { Highlighted } from "../../components/Highlighted";
import { TextInput } from "../../components/Field";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import type { ConversationFieldsFragment } from "../../gql/graphql";
import { formatRelativeTime } from "../../lib/format";
import { OFFER_TEXTS } from "../offers";
import { avatarName, badgeText, displayName, filterConversations } from "./format";
import { MT } from "./messageTexts";
import { useConversationSearch } from "./useConversationSearch";

const Wrap = styled.div`
  display: flex;
  flex-direction: column;
  min-height: 0;
  height: 100%;
`;

const SearchBox = styled.div`
  padding: ${({ theme }) => theme.space.sm};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  overflow-y: auto;
  flex: 1;
`;

const Row = styled(Link)<{ $active: boolean }>`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  align-items: center;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  min-height: 72px;
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ $active, theme }) => ($active ? theme.colors.brandSoft : "transparent")};
  &:hover { background: ${({ theme }) => theme.colors.brandSoft}; }
`;

const AvatarWrap = styled.span`
  position: relative;
  flex: none;
`;

export const OnlineDot = styled.span<{ $online: boolean }>`
  position: absolute;
  right: 0;
  bottom: 0;
  width: 14px;
  height: 14px;
  border-radius: 50%;
  border: 2px solid #fff;
  background: ${({ $online, theme }) => ($online ? theme.colors.success : theme.colors.borderStrong)};
`;

const Body = styled.span`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  gap: 2px;
`;

const Line = styled.span`
  display: flex;
  align-items: baseline;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Name = styled.span`
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
  flex: 1;
`;

const Time = styled.span`
  flex: none;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Offer = styled.span`
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.brand};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Preview = styled.span<{ $unread: boolean }>`
  flex: 1;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ $unread, theme }) => ($unread ? theme.colors.text : theme.colors.textMuted)};
  font-weight: ${({ $unread, theme }) => ($unread ? theme.fontWeights.bold : theme.fontWeights.regular)};
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

export const CountBadge = styled.span`
  flex: none;
  min-width: 22px;
  height: 22px;
  padding: 0 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  display: inline-flex;
  align-items: center;
  justify-content: center;
`;

const Empty = styled.div`
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md};
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; color: ${({ theme }) => theme.colors.text}; margin-bottom: ${({ theme }) => theme.space.xs}; }
  p + p { margin-top: ${({ theme }) => theme.space.xs}; }
  button { margin-top: ${({ theme }) => theme.space.sm}; }
`;

type Shown = ConversationFieldsFragment & { match?: { snippet?: string | null; terms: readonly string[] } | null };

interface Props {
  conversations: readonly ConversationFieldsFragment[];
  activeId: number | null;
}

export function ConversationList({ conversations, activeId }: Props) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  // With two letters or more the server searches names, titles and messages (issue 28); until it
  // answers (or if it cannot), the list filters what it holds by name and title.
  const search = useConversationSearch(query);
  const shown: readonly Shown[] = search.results ?? filterConversations(conversations, query);

  if (conversations.length === 0) {
    return (
      <Empty>
        <h2>{MT.empty}</h2>
        <p>{MT.emptyHint}</p>
      </Empty>
    );
  }

  return (
    <Wrap>
      <SearchBox>
        <VisuallyHidden as="label" htmlFor={searchId}>
          {MT.search}
        </VisuallyHidden>
        <TextInput
          id={searchId}
          type="search"
          value={query}
          placeholder={MT.searchPlaceholder}
          onChange={(event) => setQuery(event.target.value)}
          autoComplete="off"
        />
      </SearchBox>
      {shown.length === 0 && search.pending ? (
        <Empty role="status">
          <p>{MT.searching}</p>
        </Empty>
      ) : shown.length === 0 ? (
        <Empty role="status">
          <p>{MT.noMatch}</p>
          <p>{MT.searchedFor(query.trim())}</p>
          <Button $variant="outline" $size="sm" onClick={() => setQuery("")}>
            {MT.clearSearch}
          </Button>
        </Empty>
      ) : (
        <List aria-label={MT.listLabel}>
          {shown.map((c) => {
            const name = displayName(c.otherUser);
            const online = !!c.otherUser?.isOnline;
            const last = c.lastMessage;
            const terms = c.match?.terms ?? search.terms;
            const snippet = c.match?.snippet;
            return (
              <li key={c.id}>
                <Row to={`/mensagens/${c.id}`} $active={c.id === activeId} aria-current={c.id === activeId ? "page" : undefined}>
                  <AvatarWrap>
                    <Avatar name={avatarName(c.otherUser)} photo={memberPhotoUrl(c.otherUser?.id, c.otherUser?.profilePhoto)} size={48} />
                    <OnlineDot $online={online} aria-hidden="true" />
                  </AvatarWrap>
                  <Body>
                    <Line>
                      <Name>
                        <Highlighted text={name} terms={terms} />
                      </Name>
                      <VisuallyHidden>({online ? MT.online : MT.offline})</VisuallyHidden>
                      <Time>{formatRelativeTime(c.lastMessageAt)}</Time>
                    </Line>
                    <Offer>
                      {c.offer ? (
                        <>
                          {OFFER_TEXTS.kind[c.offer.type]} · <Highlighted text={c.offer.title} terms={terms} />
                        </>
                      ) : (
                        MT.offerRemoved
                      )}
                    </Offer>
                    <Line>
                      <Preview $unread={c.unreadCount > 0}>
                        {snippet ? (
                          <Highlighted text={snippet} terms={terms} />
                        ) : last ? (
                          `${last.isMine ? MT.you : ""}${last.content}`
                        ) : (
                          MT.noMessages
                        )}
                      </Preview>
                      {c.unreadCount > 0 && (
                        <CountBadge>
                          <span aria-hidden="true">{badgeText(c.unreadCount)}</span>
                          <VisuallyHidden>{MT.unread(c.unreadCount)}</VisuallyHidden>
                        </CountBadge>
                      )}
                    </Line>
                  </Body>
                </Row>
              </li>
            );
          })}
        </List>
      )}
    </Wrap>
  );
}
