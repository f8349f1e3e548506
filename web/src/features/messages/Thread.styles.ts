// The conversation thread's styled pieces.
import { Link } from "react-router-dom";
import styled from "styled-components";
import { IconButton } from "../../components/IconButton";

export const Wrap = styled.section`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
`;

export const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

export const BackLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.tapTarget};
  height: ${({ theme }) => theme.tapTarget};
  border-radius: 50%;
  color: ${({ theme }) => theme.colors.brand};
  font-size: 1.5rem;
  text-decoration: none;
  &:hover { background: ${({ theme }) => theme.colors.brandSoft}; }
  ${({ theme }) => theme.media.md} { display: none; }
`;

export const AvatarWrap = styled.span`
  position: relative;
  flex: none;
`;

export const Who = styled.div`
  flex: 1;
  min-width: 0;
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
  p { margin: 0; font-size: ${({ theme }) => theme.fontSizes.xs}; color: ${({ theme }) => theme.colors.textMuted}; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
`;

/** 'Excluir conversa' as a bin icon (its name for screen readers): the name and offer keep the room. */
export const DeleteButton = styled(IconButton)`
  flex: none;
  &:hover { background: ${({ theme }) => theme.colors.brandSoft}; color: ${({ theme }) => theme.colors.danger}; }
`;

export const Scroller = styled.div`
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  padding: ${({ theme }) => theme.space.md};
  background: ${({ theme }) => theme.colors.background};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const DaySeparator = styled.li`
  align-self: center;
  margin: ${({ theme }) => theme.space.sm} 0;
  padding: 2px ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const MessageList = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Bubble = styled.li<{ $mine: boolean; $pending: boolean }>`
  max-width: min(80%, 520px);
  align-self: ${({ $mine }) => ($mine ? "flex-end" : "flex-start")};
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.md};
  border-bottom-right-radius: ${({ $mine }) => ($mine ? "4px" : undefined)};
  border-bottom-left-radius: ${({ $mine }) => ($mine ? undefined : "4px")};
  background: ${({ $mine, theme }) => ($mine ? theme.colors.brand : theme.colors.surface)};
  color: ${({ $mine, theme }) => ($mine ? theme.colors.textOnBrand : theme.colors.text)};
  border: 1px solid ${({ $mine, theme }) => ($mine ? theme.colors.brand : theme.colors.border)};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  opacity: ${({ $pending }) => ($pending ? 0.7 : 1)};
  p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
  time, small { display: block; text-align: right; font-size: ${({ theme }) => theme.fontSizes.xs}; opacity: 0.8; margin-top: 2px; }
`;

export const EmptyThread = styled.div`
  margin: auto;
  text-align: center;
  color: ${({ theme }) => theme.colors.textMuted};
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; color: ${({ theme }) => theme.colors.brand}; }
`;

export const Form = styled.form`
  display: flex;
  gap: ${({ theme }) => theme.space.xs};
  align-items: flex-end;
  padding: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  textarea { flex: 1; min-height: 44px; max-height: 140px; resize: none; }
`;

export const OlderRow = styled.div`
  display: flex;
  justify-content: center;
  padding: ${({ theme }) => theme.space.xs} 0;
`;

export const Centered = styled.div`
  margin: auto;
  padding: ${({ theme }) => theme.space.xl};
  text-align: center;
`;

/** In place of the composer when nobody can write in the conversation any more (issue 27). */
export const ClosedNotice = styled.p`
  padding: ${({ theme }) => theme.space.md};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
`;

/** 'Denunciar mensagem' under another member's message (issue 27): small, but a full-size target. */
export const ReportLink = styled.button`
  display: block;
  margin-left: auto;
  min-height: 24px;
  padding: 0 2px;
  border: 0;
  background: none;
  color: inherit;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-decoration: underline;
  cursor: pointer;
  opacity: 0.85;
`;
