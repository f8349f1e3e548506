// Web Push (issue 29): the texts of its refusals and of the invitation to turn it on, and the
// shape of a subscription as the browser's PushManager gives it, checked on both sides.

export const PUSH_TEXTS = {
  endpointInvalid: "Endereço de notificação não aceito: use um navegador com notificações (Chrome, Firefox, Safari ou Edge).",
  keysInvalid: "As chaves da inscrição de notificações são inválidas.",
  off: "As notificações no celular não estão disponíveis neste servidor.",
  bodyInvalid: "Envie {endpoint, keys: {p256dh, auth}}.",
  /** The invitation under the composer after her first message, and the switch of 'Notificações'. */
  enable: "Ativar notificações no celular",
  enableHint: "Receba um aviso quando chegar mensagem, mesmo com o app fechado.",
  enabled: "Notificações no celular ativadas",
  disable: "Desativar notificações no celular",
  denied: "As notificações estão bloqueadas neste navegador. Libere nas configurações do site e tente de novo.",
  unsupported: "Este navegador não recebe notificações. No iPhone, adicione o clube à Tela de Início e abra por lá.",
  failed: "Não foi possível ativar as notificações agora. Tente de novo em instantes.",
  dismiss: "Agora não",
} as const;

/** Longest endpoint accepted (the push services' URLs are a few hundred characters). */
export const PUSH_ENDPOINT_MAX = 2048;

function base64urlBytes(value: unknown): Uint8Array | null {
  if (typeof value !== "string" || !/^[A-Za-z0-9_-]+={0,2}$/.test(value) || value.length > 200) return null;
  const plain = value.replace(/=+$/, "").replace(/-/g, "+").replace(/_/g, "/");
  try {
    const binary = atob(plain + "=".repeat((4 - (plain.length % 4)) % 4));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}

/** p256dh: an uncompressed P-256 point (65 bytes, 0x04 first); auth: 16 bytes. Both base64url. */
export function pushKeysValid(keys: { p256dh?: unknown; auth?: unknown }): boolean {
  const p256dh = base64urlBytes(keys.p256dh);
  const auth = base64urlBytes(keys.auth);
  return p256dh?.length === 65 && p256dh[0] === 4 && auth?.length === 16;
}

/**
 * Whether the server may send to this endpoint: https on a host of `hosts` ("*.x" covers x's
 * subdomains) on the default port, no credentials; loopback (http or https, any port) only when
 * `allowLoopback` (outside production, for tests).
 */
export function pushEndpointAllowed(endpoint: unknown, hosts: readonly string[], allowLoopback: boolean): boolean {
  if (typeof endpoint !== "string" || endpoint.length > PUSH_ENDPOINT_MAX) return false;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.username || url.password) return false;
  const host = url.hostname.toLowerCase();
  if (host === "127.0.0.1" || host === "[::1]" || host === "localhost") return allowLoopback && (url.protocol === "http:" || url.protocol === "https:");
  if (url.protocol !== "https:" || url.port !== "") return false;
  return hosts.some((allowed) => (allowed.startsWith("*.") ? host.endsWith(allowed.slice(1)) && host.length > allowed.length - 1 : host === allowed));
}
