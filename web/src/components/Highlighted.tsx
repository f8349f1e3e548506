import { matchRanges } from "@clube-coroa/schema";
import { Fragment } from "react";
import styled from "styled-components";

const Mark = styled.mark`
  background: ${({ theme }) => theme.colors.goldLight};
  color: inherit;
  border-radius: 2px;
  padding: 0 1px;
`;

/** The text with a search's words marked (<mark>), found without accents or case as the server finds them. */
export function Highlighted({ text, terms }: { text: string; terms: readonly string[] | null | undefined }) {
  const ranges = terms?.length ? matchRanges(text, terms) : [];
  if (ranges.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  ranges.forEach(({ start, end }, i) => {
    if (start > at) parts.push(<Fragment key={`t${i}`}>{text.slice(at, start)}</Fragment>);
    parts.push(<Mark key={`m${i}`}>{text.slice(start, end)}</Mark>);
    at = end;
  });
  if (at < text.length) parts.push(<Fragment key="rest">{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}
