// A stand-in for viacep.com.br for the end-to-end tests: GET /ws/{cep}/json/ answers in ViaCEP's
// format, `{ "erro": true }` for an unknown CEP; GET /health answers ok. Port: E2E_CEP_PORT (3299).
import { createServer } from "node:http";

const port = Number(process.env.E2E_CEP_PORT ?? 3299);

const ADDRESSES = {
  "01310100": {
    cep: "01310-100",
    logradouro: "Avenida Paulista",
    complemento: "de 612 a 1510 - lado par",
    bairro: "Bela Vista",
    localidade: "São Paulo",
    uf: "SP",
  },
  "20040020": {
    cep: "20040-020",
    logradouro: "Rua da Assembleia",
    complemento: "",
    bairro: "Centro",
    localidade: "Rio de Janeiro",
    uf: "RJ",
  },
};

const server = createServer((req, res) => {
  const send = (status, body) => {
    res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
    res.end(JSON.stringify(body));
  };
  const path = new URL(req.url ?? "/", "http://localhost").pathname;
  if (req.method !== "GET") return send(405, { erro: true });
  if (path === "/health") return send(200, { ok: true });
  const match = /^\/ws\/([^/]+)\/json\/?$/.exec(path);
  if (!match) return send(404, { erro: true });
  const cep = decodeURIComponent(match[1]);
  // ViaCEP answers 400 for a malformed CEP and { erro: true } for an unknown one.
  if (!/^\d{8}$/.test(cep)) return send(400, { erro: true });
  return send(200, ADDRESSES[cep] ?? { erro: true });
});

server.listen(port, "127.0.0.1", () => console.log(`fake ViaCEP on http://127.0.0.1:${port}/ws`));
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => server.close(() => process.exit(0)));
