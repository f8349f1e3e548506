import styled from "styled-components";

// The sign-in page's look, shared by LoginPage.tsx and its steps (LoginSteps.tsx).

export const Page = styled.div`
  min-height: calc(100vh - 64px);
  padding: ${({ theme }) => theme.space.xl} ${({ theme }) => theme.space.md} ${({ theme }) => theme.space.xxl};
  background:
    radial-gradient(circle at 100% 0%, rgba(217, 169, 63, 0.22), transparent 40%),
    linear-gradient(180deg, ${({ theme }) => theme.colors.brandSoft}, ${({ theme }) => theme.colors.background} 60%);
`;

export const Card = styled.div`
  max-width: 440px;
  margin: 0 auto;
  background: ${({ theme }) => theme.colors.surface};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  padding: ${({ theme }) => theme.space.xl} 1.25rem;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  ${({ theme }) => theme.media.sm} {
    padding: ${({ theme }) => theme.space.xl};
  }
`;

export const Head = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  text-align: center;
  gap: ${({ theme }) => theme.space.xs};
`;

export const Seal = styled.div`
  display: grid;
  place-items: center;
  width: 64px;
  height: 64px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.brand};
  color: ${({ theme }) => theme.colors.gold};
  box-shadow: 0 0 0 6px ${({ theme }) => theme.colors.brandSoft};
  margin-bottom: ${({ theme }) => theme.space.xs};
`;

export const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xxl};
`;

export const Lead = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** The chosen country's flag (an SVG of country-flag-icons, build/countryFlags.ts), in the selector's box. */
export const Flag = styled.img`
  display: block;
  width: 30px;
  height: 20px;
  border-radius: 3px;
  box-shadow: 0 0 0 1px rgba(43, 29, 39, 0.15);
  object-fit: cover;
`;

export const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export const Referral = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #fbf1d6;
  border: 1px solid ${({ theme }) => theme.colors.gold};
  color: ${({ theme }) => theme.colors.warningText};
  font-weight: 700;
  text-align: center;
`;

export const DevNote = styled.p`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceAlt};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  overflow-wrap: anywhere;
`;

export const Row = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;
