/** The two check digits of a CPF, computed from its first nine digits. */
export function cpfCheckDigits(nine: string): string {
  const check = (digits: string) => {
    let sum = 0;
    for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = check(nine);
  return `${first}${check(`${nine}${first}`)}`;
}

/** CPF with its two check digits verified (not only its length); repeated digits are refused. */
export function isValidCpf(value: string): boolean {
  const digits = value.replace(/\D/g, "");
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9);
}

export const formatCpf = (value: string) =>
  value
    .replace(/\D/g, "")
    .slice(0, 11)
    .replace(/^(\d{3})(\d)/, "$1.$2")
    .replace(/^(\d{3})\.(\d{3})(\d)/, "$1.$2.$3")
    .replace(/\.(\d{3})(\d{1,2})$/, ".$1-$2");

export const formatCep = (value: string) => value.replace(/\D/g, "").slice(0, 8).replace(/^(\d{5})(\d)/, "$1-$2");

/** CNPJ (14 digits) with its two check digits verified; repeated digits are refused. */
export function isValidCnpj(value: string): boolean {
  const digits = value.replace(/\D/g, "");
  if (digits.length !== 14 || /^(\d)\1{13}$/.test(digits)) return false;
  const check = (base: string) => {
    let sum = 0;
    let weight = base.length - 7;
    for (const digit of base) {
      sum += Number(digit) * weight;
      weight = weight === 2 ? 9 : weight - 1;
    }
    const rest = sum % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  const first = check(digits.slice(0, 12));
  return `${first}${check(digits.slice(0, 12) + first)}` === digits.slice(12);
}

/** A CPF or, with 14 digits, a CNPJ (the checkout accepts either). */
export const isValidCpfCnpj = (value: string) => {
  const digits = value.replace(/\D/g, "");
  return digits.length === 14 ? isValidCnpj(digits) : isValidCpf(digits);
};

/** CPF (000.000.000-00) or, past 11 digits, CNPJ (00.000.000/0000-00), as she types. */
export function formatCpfCnpj(value: string): string {
  const digits = value.replace(/\D/g, "").slice(0, 14);
  if (digits.length <= 11) return formatCpf(digits);
  return digits
    .replace(/^(\d{2})(\d)/, "$1.$2")
    .replace(/^(\d{2})\.(\d{3})(\d)/, "$1.$2.$3")
    .replace(/\.(\d{3})(\d)/, ".$1/$2")
    .replace(/(\d{4})(\d{1,2})$/, "$1-$2");
}
