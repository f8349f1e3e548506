/** An address found by CEP, as the profile form fills it (street, neighbourhood, city, state UF). */
export interface Address {
  cep: string;
  street: string | null;
  neighborhood: string | null;
  city: string | null;
  state: string | null;
}

/** Finds the address of a Brazilian postal code; null when unknown or when the lookup fails. */
export interface CepLookup {
  readonly kind: "local" | "viacep";
  /** cep8: exactly eight digits. Never throws: a failed lookup is silent (spec part 1 section 5). */
  lookup(cep8: string): Promise<Address | null>;
}

export const formatCep8 = (cep8: string) => `${cep8.slice(0, 5)}-${cep8.slice(5)}`;
