import { screen, within } from "@testing-library/react";
import { createRoutesFromChildren, type RouteObject } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { APP_ROUTES, isAppRoute } from "@clube-coroa/schema";
import { AppRoutes } from "./AppRoutes";
import { meIs, renderApp, user } from "../test/renderApp";

describe("routes", () => {
  it("denies /admin to a member", async () => {
    renderApp("/admin", { Me: meIs(user()) });
    expect(await screen.findByRole("heading", { name: "Acesso Negado" })).toBeInTheDocument();
    expect(screen.getByText("Esta área é exclusiva para superusuárias.")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar ao Início" })).toHaveAttribute("href", "/");
  });

  it("denies /admin-simples to someone signed out", async () => {
    renderApp("/admin-simples", { Me: meIs(null) });
    expect(await screen.findByRole("heading", { name: "Acesso Negado" })).toBeInTheDocument();
    expect(screen.getByText("Você não tem permissão para acessar esta página.")).toBeInTheDocument();
  });

  it("loads the dashboard for a superuser", async () => {
    renderApp("/admin", { Me: meIs(user({ isSuperuser: true })) });
    expect(await screen.findByRole("heading", { name: "Dashboard Administrativo" })).toBeInTheDocument();
  });

  it("loads the simple admin for a superuser", async () => {
    renderApp("/admin-simples", { Me: meIs(user({ isSuperuser: true })) });
    expect(await screen.findByRole("heading", { name: "Administração Simples" })).toBeInTheDocument();
  });

  it("offers 'Fazer Login' on /mensagens when signed out", async () => {
    renderApp("/mensagens/12", { Me: meIs(null) });
    expect(await screen.findByRole("heading", { name: "Central de Mensagens" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Fazer Login" })).toHaveAttribute("href", "/auth");
  });

  it("shows a 404 page for an unknown path", async () => {
    renderApp("/nao-existe", { Me: meIs(null) });
    expect(await screen.findByRole("heading", { name: "Página não encontrada" })).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Voltar ao Início" })).toHaveAttribute("href", "/");
  });

  it("routes exactly the pages the server knows (it answers 404 for every other path)", () => {
    const paths = (routes: RouteObject[]): string[] => routes.flatMap((route) => [...(route.path ? [route.path] : []), ...paths(route.children ?? [])]);
    const routed = paths(createRoutesFromChildren(AppRoutes().props.children)).filter((path) => path !== "*");
    expect(routed.sort()).toEqual(Object.values(APP_ROUTES).sort());
    expect(routed.every((path) => isAppRoute(path.replace(/:[a-z]+/gi, "1")))).toBe(true);
  });
});

describe("terms, privacy and contact (issue 24)", () => {
  it("are linked from every page's footer", async () => {
    renderApp("/nao-existe", { Me: meIs(null) });
    const footer = await screen.findByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Termos de Uso" })).toHaveAttribute("href", "/termos");
    expect(within(footer).getByRole("link", { name: "Privacidade e LGPD" })).toHaveAttribute("href", "/privacidade");
    expect(within(footer).getByRole("link", { name: "Contato" })).toHaveAttribute("href", "/privacidade#contato");
  });

  it("/termos shows the terms of use", async () => {
    renderApp("/termos", { Me: meIs(null) });
    expect(await screen.findByRole("heading", { level: 1, name: "Termos de Uso" })).toBeInTheDocument();
    expect(screen.getByText("Somente maiores de 18 anos podem se cadastrar.")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Contato" })).toBeInTheDocument();
  });

  it("/privacidade shows the privacy policy, her rights under the LGPD and how to reach the club", async () => {
    renderApp("/privacidade", { Me: meIs(user()) });
    expect(await screen.findByRole("heading", { level: 1, name: "Política de Privacidade" })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: "Seus direitos pela LGPD" })).toBeInTheDocument();
    expect(screen.getByText("• revogar o seu consentimento;")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: /@/ })).toHaveAttribute("href", expect.stringMatching(/^mailto:/));
    expect(isAppRoute("/privacidade") && isAppRoute("/termos")).toBe(true);
  });
});
