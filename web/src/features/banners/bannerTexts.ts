import { BANNER_FRAME_TEXTS } from "./bannerFrameTexts";

/** Texts of the home page carousel (spec part 2 sections 3, 4 and 8), in the club's voice. */
export const BANNER_TEXTS = {
  ...BANNER_FRAME_TEXTS,
  slideLabel: (position: number, total: number) => `${position} de ${total}`,
  dotLabel: (position: number, total: number) => `Banner ${position} de ${total}`,
  previous: "Banner anterior",
  next: "Próximo banner",
  pause: "Pausar banners",
  play: "Retomar banners",
  opensInNewTab: "(abre em uma nova aba)",
  placeholderTitle: "Espaço das parceiras",
  placeholderText: "Em breve, novidades e oportunidades especiais para as rainhas do clube aparecem aqui.",
} as const;
