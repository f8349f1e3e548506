/** A country of the login page's selector (spec part 1 section 3: code, name, flag, phoneCode, mask, placeholder). */
export interface Country {
  code: string;
  name: string;
  flag: string;
  phoneCode: string;
  /** '#' stands for one digit. */
  mask: string;
  placeholder: string;
}

type Row = [code: string, name: string, phoneCode: string, mask: string, example: string];

// Masks follow each country's mobile numbers, so the mask's digit count is the number's length.
const rows: Row[] = [
  ["BR", "Brasil", "+55", "(##) #####-####", "11987654321"],
  ["PT", "Portugal", "+351", "### ### ###", "912345678"],
  ["US", "Estados Unidos", "+1", "(###) ###-####", "2015550123"],
  ["CA", "Canadá", "+1", "(###) ###-####", "5062345678"],
  ["AR", "Argentina", "+54", "# ## ####-####", "91123456789"],
  ["UY", "Uruguai", "+598", "## ### ###", "94231234"],
  ["PY", "Paraguai", "+595", "### ### ###", "961456789"],
  ["CL", "Chile", "+56", "# #### ####", "221234567"],
  ["BO", "Bolívia", "+591", "########", "71234567"],
  ["PE", "Peru", "+51", "### ### ###", "912345678"],
  ["CO", "Colômbia", "+57", "### ### ####", "3211234567"],
  ["VE", "Venezuela", "+58", "###-#######", "4121234567"],
  ["EC", "Equador", "+593", "## ### ####", "991234567"],
  ["MX", "México", "+52", "## #### ####", "2221234567"],
  ["CR", "Costa Rica", "+506", "#### ####", "83123456"],
  ["GB", "Reino Unido", "+44", "#### ######", "7400123456"],
  ["IE", "Irlanda", "+353", "## ### ####", "850123456"],
  ["FR", "França", "+33", "# ## ## ## ##", "612345678"],
  ["ES", "Espanha", "+34", "### ### ###", "612345678"],
  ["IT", "Itália", "+39", "### ### ####", "3123456789"],
  ["DE", "Alemanha", "+49", "#### #######", "15123456789"],
  ["CH", "Suíça", "+41", "## ### ## ##", "781234567"],
  ["AT", "Áustria", "+43", "### #######", "6641234567"],
  ["BE", "Bélgica", "+32", "### ## ## ##", "470123456"],
  ["NL", "Países Baixos", "+31", "# ########", "612345678"],
  ["LU", "Luxemburgo", "+352", "### ### ###", "628123456"],
  ["SE", "Suécia", "+46", "##-### ## ##", "701234567"],
  ["NO", "Noruega", "+47", "### ## ###", "40612345"],
  ["DK", "Dinamarca", "+45", "## ## ## ##", "32123456"],
  ["FI", "Finlândia", "+358", "## ### ####", "412345678"],
  ["PL", "Polônia", "+48", "### ### ###", "512345678"],
  ["JP", "Japão", "+81", "##-####-####", "9012345678"],
  ["CN", "China", "+86", "### #### ####", "13123456789"],
  ["KR", "Coreia do Sul", "+82", "##-####-####", "1020000000"],
  ["IN", "Índia", "+91", "##### #####", "8123456789"],
  ["AU", "Austrália", "+61", "### ### ###", "412345678"],
  ["NZ", "Nova Zelândia", "+64", "## ### ####", "211234567"],
  ["ZA", "África do Sul", "+27", "## ### ####", "711234567"],
  ["AO", "Angola", "+244", "### ### ###", "923123456"],
  ["MZ", "Moçambique", "+258", "## ### ####", "821234567"],
  ["CV", "Cabo Verde", "+238", "### ## ##", "9911234"],
  ["GW", "Guiné-Bissau", "+245", "### ### ###", "955012345"],
  ["ST", "São Tomé e Príncipe", "+239", "### ####", "9812345"],
  ["TL", "Timor-Leste", "+670", "#### ####", "77212345"],
  ["AE", "Emirados Árabes Unidos", "+971", "## ### ####", "501234567"],
  ["IL", "Israel", "+972", "##-###-####", "502345678"],
];

const flagOf = (code: string) =>
  String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

export function applyMask(mask: string, digits: string): string {
  let out = "";
  let i = 0;
  for (const ch of mask) {
    if (i >= digits.length) break;
    if (ch === "#") out += digits[i++];
    else out += ch;
  }
  return out;
}

export const maskDigitCount = (mask: string) => [...mask].filter((c) => c === "#").length;

export const COUNTRIES: Country[] = rows.map(([code, name, phoneCode, mask, example]) => ({
  code,
  name,
  flag: flagOf(code),
  phoneCode,
  mask,
  placeholder: applyMask(mask, example),
}));

export const DEFAULT_COUNTRY = COUNTRIES[0];

/** Where the web app serves the countries' SVG flags (the build writes them, web/build/countryFlags.ts). */
export const FLAGS_PATH = "/flags";
/** A country's flag: `/flags/BR.svg`. */
export const flagUrl = (code: string) => `${FLAGS_PATH}/${code}.svg`;

export function findCountry(codeOrDialCode: string | null | undefined): Country | undefined {
  const value = (codeOrDialCode ?? "").trim();
  if (!value) return undefined;
  const upper = value.toUpperCase();
  const byCode = COUNTRIES.find((c) => c.code === upper);
  if (byCode) return byCode;
  const digits = value.replace(/\D/g, "");
  return digits ? COUNTRIES.find((c) => c.phoneCode === `+${digits}`) : undefined;
}
