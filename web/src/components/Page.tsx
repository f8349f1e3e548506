import styled from "styled-components";

export const Container = styled.div`
  width: 100%;
  max-width: ${({ theme }) => theme.maxWidth};
  margin: 0 auto;
  padding: 0 ${({ theme }) => theme.space.md};
  ${({ theme }) => theme.media.md} {
    padding: 0 ${({ theme }) => theme.space.lg};
  }
`;

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.sm};
  padding: ${({ theme }) => theme.space.lg};
  ${({ theme }) => theme.media.md} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

/** A card of one of the profile's sections (her subscription, her referrals, her safety): a title and its parts, stacked. */
export const SectionCard = styled(Card)`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

export const PageTitle = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
  ${({ theme }) => theme.media.md} {
    font-size: ${({ theme }) => theme.fontSizes.display};
  }
`;

export const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.lg};
`;

/** A centred single-card page (placeholders, access denied, not found). */
export const Centered = styled.div`
  max-width: 560px;
  margin: 0 auto;
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xxl};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};

  ${Card} {
    display: flex;
    flex-direction: column;
    align-items: flex-start;
    gap: ${({ theme }) => theme.space.md};
  }
`;
