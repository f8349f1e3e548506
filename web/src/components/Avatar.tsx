import { useState } from "react";
import styled, { css } from "styled-components";
import { initialsOf } from "../lib/format";

const circle = css<{ $size: number }>`
  flex: none;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: 50%;
  overflow: hidden;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brand};
  font-weight: ${({ theme }) => theme.fontWeights.heavy};
  font-size: ${({ $size }) => Math.round($size * 0.38)}px;
  border: 2px solid ${({ theme }) => theme.colors.goldLight};
`;

const Circle = styled.span<{ $size: number }>`
  ${circle}
`;

const Img = styled.img`
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

/** A usable photo address: a URL or an app path (the literal marker 'webp' is not one). */
export const isPhotoUrl = (photo: string | null | undefined): photo is string =>
  !!photo && /^(https?:\/\/|\/|data:image\/|blob:)/i.test(photo);

/**
 * A member's photo address from her profilePhoto field: the spec's marker 'webp' means the photo
 * lives at her photo path; anything else is used as it is (a URL, or nothing).
 */
export const memberPhotoUrl = (userId: number | null | undefined, profilePhoto: string | null | undefined): string | null =>
  profilePhoto === "webp" ? (userId ? `/api/users/${userId}/photo` : null) : (profilePhoto ?? null);

interface AvatarProps {
  name: string | null | undefined;
  photo?: string | null;
  size?: number;
}

/** A round photo, or the initials of the name ('U' without one) when there is no photo or it fails to load. */
export function Avatar({ name, photo, size = 48 }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showPhoto = isPhotoUrl(photo) && failed !== photo;
  return (
    <Circle $size={size} aria-hidden="true" data-testid="avatar">
      {showPhoto ? (
        <Img src={photo} alt="" width={size} height={size} loading="lazy" decoding="async" onError={() => setFailed(photo)} />
      ) : (
        initialsOf(name)
      )}
    </Circle>
  );
}
