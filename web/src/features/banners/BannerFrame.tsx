import styled from "styled-components";
import { VisuallyHidden } from "../../components/VisuallyHidden";
import { BANNER_FRAME_TEXTS as T } from "./bannerFrameTexts";

export const Region = styled.section`
  margin-top: ${({ theme }) => theme.space.xl};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

/** 16:9 from the first paint: nothing below moves when the images arrive. */
export const Frame = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.brandSoft};
  box-shadow: ${({ theme }) => theme.shadows.md};
`;

/**
 * The carousel's place while its banners (or its code) are on their way: the same region and 16:9
 * frame, so the sections below it do not move down when the carousel arrives. The home page's frame
 * (prerendered, then drawn while the session is read) shows it too: the carousel used to appear only
 * once she was known, pushing the three kinds down the screen (a layout shift of 0.022 on a phone).
 */
export function BannerFrame() {
  return (
    <Region aria-label={T.label} aria-busy="true">
      <Frame>
        <VisuallyHidden>{T.loading}</VisuallyHidden>
      </Frame>
    </Region>
  );
}
