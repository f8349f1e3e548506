import { formatCep8, type Address, type CepLookup } from "./cep.js";

export interface ViaCepOptions {
  /** Base URL without the CEP, for example https://viacep.com.br/ws */
  apiUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface ViaCepBody {
  cep?: string;
  logradouro?: string;
  complemento?: string;
  bairro?: string;
  localidade?: string;
  uf?: string;
  erro?: boolean | string;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/** ViaCEP adapter: GET {apiUrl}/{cep}/json/ answers the address, or `{ "erro": true }` when unknown. */
export class ViaCepLookup implements CepLookup {
  readonly kind = "viacep" as const;

  constructor(private readonly options: ViaCepOptions) {}

  async lookup(cep8: string): Promise<Address | null> {
    if (!/^\d{8}$/.test(cep8)) return null;
    const url = `${this.options.apiUrl.replace(/\/$/, "")}/${cep8}/json/`;
    try {
      const response = await (this.options.fetch ?? fetch)(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (!response.ok) return null;
      const body = (await response.json()) as ViaCepBody;
      if (!body || typeof body !== "object" || body.erro === true || body.erro === "true") return null;
      const city = text(body.localidade);
      const state = text(body.uf);
      if (!city || !state) return null;
      return { cep: formatCep8(cep8), street: text(body.logradouro), neighborhood: text(body.bairro), city, state };
    } catch {
      return null;
    }
  }
}
