import { describe, expect, it } from "vitest";
import { isAppRoute } from "./routes.js";

describe("isAppRoute", () => {
  it("knows every page of the app, as the router matches them", () => {
    for (const path of ["/", "/auth", "/perfil", "/mensagens", "/mensagens/123", "/mensagens/abc", "/admin", "/admin-simples", "/perfil/", "/AUTH"]) {
      expect(isAppRoute(path), path).toBe(true);
    }
  });

  it("knows no other path", () => {
    for (const path of ["//", "/qualquer-coisa", "/mensagens/1/2", "/mensagens//", "/admin/x", "/authx", "/assets/x.js", "/index.html", "/perfil.map"]) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});
