import styled from "styled-components";

/** A round, borderless button the size of a tap target around an icon (its name for screen readers goes on it). */
export const IconButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${({ theme }) => theme.tapTarget};
  height: ${({ theme }) => theme.tapTarget};
  border: none;
  border-radius: 50%;
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;
