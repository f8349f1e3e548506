// The profile form's styled pieces.
import styled from "styled-components";
import { FieldMessage } from "../../components/FormControls";
import { Card } from "../../components/Page";

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  ${Card} {
    display: flex;
    flex-direction: column;
    gap: ${({ theme }) => theme.space.md};
  }
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
`;

export const Grid = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export const Options = styled.div`
  display: grid;
  grid-template-columns: 1fr;
  column-gap: ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

export const Note = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const Found = styled(FieldMessage)`
  color: ${({ theme }) => theme.colors.success};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
`;

export const Consent = styled.div`
  display: flex;
  flex-direction: column;
  padding-bottom: ${({ theme }) => theme.space.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: none; }
`;

export const LinkButton = styled.button`
  align-self: flex-start;
  min-height: ${({ theme }) => theme.tapTarget};
  margin-left: calc(22px + ${({ theme }) => theme.space.sm});
  padding: 0;
  border: none;
  background: none;
  color: ${({ theme }) => theme.colors.brand};
  font-weight: ${({ theme }) => theme.fontWeights.bold};
  text-decoration: underline;
  cursor: pointer;
`;

export const Submit = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 1;
  padding: ${({ theme }) => theme.space.sm} 0;
  background: linear-gradient(transparent, ${({ theme }) => theme.colors.background} 30%);
`;
