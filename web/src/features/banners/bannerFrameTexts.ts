/**
 * What the carousel's frame says (BannerFrame, on the first screen), in a module of its own so the
 * first chunk does not carry the carousel's other texts.
 */
export const BANNER_FRAME_TEXTS = {
  label: "Destaques das parceiras",
  loading: "Carregando destaques...",
} as const;
