import { formatCep8, type Address, type CepLookup } from "./cep.js";

// A few real CEPs so the form's lookup works offline (development, demo, tests); any other is unknown.
const TABLE: Record<string, Omit<Address, "cep">> = {
  "01310100": { street: "Avenida Paulista", neighborhood: "Bela Vista", city: "São Paulo", state: "SP" },
  "20040020": { street: "Praça Floriano", neighborhood: "Centro", city: "Rio de Janeiro", state: "RJ" },
  "30130010": { street: "Praça Sete de Setembro", neighborhood: "Centro", city: "Belo Horizonte", state: "MG" },
  "40020000": { street: "Avenida Sete de Setembro", neighborhood: "Centro", city: "Salvador", state: "BA" },
};

export class LocalCepLookup implements CepLookup {
  readonly kind = "local" as const;

  async lookup(cep8: string): Promise<Address | null> {
    const found = TABLE[cep8];
    return found ? { cep: formatCep8(cep8), ...found } : null;
  }
}
