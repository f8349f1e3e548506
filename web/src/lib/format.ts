const money = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** Integer cents as pt-BR money, e.g. 2790 → "R$ 27,90". */
export function formatCents(cents: number): string {
  return money.format(cents / 100).replace(/\u00a0/g, " ");
}
