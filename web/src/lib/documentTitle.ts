import { useEffect } from "react";
import { PRODUCT_NAME, TEXTS } from "@clube-coroa/schema";

/** Each page's name in the browser's tab and history (issue 14): 'Entrar · Clube Coroa'. */
export const PAGE_TITLES = {
  home: "Mural de Parcerias",
  auth: "Entrar",
  profile: "Meu Perfil",
  messages: "Mensagens",
  notifications: "Avisos",
  members: "Parceiras",
  invitation: "Convite",
  adminDashboard: "Dashboard Administrativo",
  adminSimple: "Administração Simples",
  accessDenied: "Acesso Negado",
  notFound: TEXTS.notFoundTitle,
} as const;

export function documentTitle(page: string | null): string {
  return page ? `${page} · ${PRODUCT_NAME}` : PRODUCT_NAME;
}

/** Sets the document's title while the page is on screen. */
export function useDocumentTitle(page: string | null): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
