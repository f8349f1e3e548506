import { render, screen } from "@testing-library/react";
import { useState } from "react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderApp, meIs } from "../test/renderApp";
import { documentTitle, PAGE_TITLES, useDocumentTitle } from "./documentTitle";

function Titled() {
  const [page, setPage] = useState<string | null>(PAGE_TITLES.profile);
  useDocumentTitle(page);
  return (
    <>
      <button onClick={() => setPage(PAGE_TITLES.messages)}>mensagens</button>
      <button onClick={() => setPage(null)}>nenhuma</button>
    </>
  );
}

describe("document titles", () => {
  it("names the page, then the product", () => {
    expect(documentTitle("Entrar")).toBe("Entrar · Clube Coroa");
    expect(documentTitle(null)).toBe("Clube Coroa");
  });

  it("follows the page on screen", async () => {
    const u = userEvent.setup();
    render(<Titled />);
    expect(document.title).toBe("Meu Perfil · Clube Coroa");
    await u.click(screen.getByRole("button", { name: "mensagens" }));
    expect(document.title).toBe("Mensagens · Clube Coroa");
    await u.click(screen.getByRole("button", { name: "nenhuma" }));
    expect(document.title).toBe("Clube Coroa");
  });

  it.each([
    ["/", "Mural de Parcerias · Clube Coroa"],
    ["/auth", "Entrar · Clube Coroa"],
    ["/perfil", "Meu Perfil · Clube Coroa"],
    ["/mensagens", "Mensagens · Clube Coroa"],
    ["/admin", "Acesso Negado · Clube Coroa"],
    ["/nao-existe", "Página não encontrada · Clube Coroa"],
  ])("sets the title of %s", async (path, title) => {
    document.title = "";
    renderApp(path, { Me: meIs(null) });
    await screen.findByRole("main");
    await expect.poll(() => document.title).toBe(title);
  });
});
