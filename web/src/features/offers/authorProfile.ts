import { normalizedWebUrl } from "@clube-coroa/schema";

/** Texts and link rules of the author profile view (spec part 1 sections 2, 3, 6; part 2 section 7). */
export const AUTHOR_TEXTS = {
  fallbackTitle: "Perfil da parceira",
  close: "Fechar janela",
  loading: "Carregando perfil...",
  since: (year: number) => `Parceira desde ${year}`,
  online: "Online agora",
  offline: "Offline",
  activity: "Atividade profissional",
  location: "Localização",
  interests: "Interesses",
  about: "Sobre",
  links: "Redes e contatos",
  banner: (name: string) => `Banner de ${name}`,
  bannerLink: (name: string) => `Abrir o link do banner de ${name} (nova aba)`,
  newTab: "(abre em nova aba)",
  errorTitle: "Não foi possível carregar o perfil.",
  errorText: "Verifique sua conexão e tente novamente.",
  retry: "Tentar Novamente",
  notFound: "Este perfil não está mais disponível.",
  social: {
    instagram: "Instagram",
    tiktok: "TikTok",
    website: "Site",
    linkedin: "LinkedIn",
    youtube: "YouTube",
    facebook: "Facebook",
  },
} as const;

export type SocialKind = keyof typeof AUTHOR_TEXTS.social;

/** A link from her profile as an http(s) address to open (the shared rule the server stores by); null for anything else. */
export function webUrl(value: string | null | undefined): string | null {
  return value ? normalizedWebUrl(value) : null;
}

const HANDLE = /^@?([A-Za-z0-9._]{1,30})$/;

/** An Instagram '@handle' (or a link) as its profile address and the label shown. */
export function instagramLink(value: string | null | undefined): { href: string; label: string } | null {
  const text = value?.trim();
  if (!text) return null;
  const handle = HANDLE.exec(text);
  if (handle) return { href: `https://instagram.com/${handle[1]}`, label: `@${handle[1]}` };
  const href = webUrl(text);
  return href ? { href, label: text } : null;
}

/** A TikTok '@handle' (or a link) as its profile address and the label shown. */
export function tiktokLink(value: string | null | undefined): { href: string; label: string } | null {
  const text = value?.trim();
  if (!text) return null;
  const handle = HANDLE.exec(text);
  if (handle) return { href: `https://www.tiktok.com/@${handle[1]}`, label: `@${handle[1]}` };
  const href = webUrl(text);
  return href ? { href, label: text } : null;
}

export { viewProfileNeedsUpgrade } from "./boardModel";
