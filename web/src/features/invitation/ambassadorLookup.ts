import { useCallback, useEffect, useState } from "react";
import { normaliseReferralCode, writeAffiliateCode } from "../../lib/storage";
import { INVITATION_TEXTS } from "./invitationTexts";

export type InvitationState =
  | { kind: "checking" }
  | { kind: "invalid" }
  /** The server counted too many lookups from this address (429): not the code's fault. */
  | { kind: "busy" }
  | { kind: "valid"; code: string; name: string };

interface AffiliateAnswer {
  success?: unknown;
  ambassador?: { fullName?: unknown; nickname?: unknown } | null;
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : null);

/**
 * Asks `GET /api/affiliate/{code}` (spec part 2 §7) who invited her. Anything but a success naming
 * an ambassador is an invalid invitation; a valid code is kept permanently for the sign-up.
 */
export async function lookUpAmbassador(rawCode: string, signal?: AbortSignal): Promise<InvitationState> {
  const code = normaliseReferralCode(rawCode);
  if (!code) return { kind: "invalid" };
  let response: Response;
  try {
    response = await fetch(`/api/affiliate/${encodeURIComponent(code)}`, { headers: { Accept: "application/json" }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    return { kind: "invalid" };
  }
  if (response.status === 429) return { kind: "busy" };
  let body: AffiliateAnswer | null = null;
  try {
    body = (await response.json()) as AffiliateAnswer;
  } catch {
    body = null;
  }
  const ambassador = response.ok && body?.success === true ? body.ambassador : null;
  if (!ambassador || typeof ambassador !== "object") return { kind: "invalid" };
  writeAffiliateCode(code);
  // A member who has not filled in her names yet still invites: the page names her generically.
  const name = text(ambassador.fullName) ?? text(ambassador.nickname) ?? INVITATION_TEXTS.unnamedAmbassador;
  return { kind: "valid", code, name };
}

/** The invitation's state for a code, with a retry for the 'busy' answer. */
export function useInvitation(rawCode: string): { state: InvitationState; retry: () => void } {
  const [state, setState] = useState<InvitationState>({ kind: "checking" });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ kind: "checking" });
    lookUpAmbassador(rawCode, controller.signal).then(
      (next) => {
        if (!controller.signal.aborted) setState(next);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [rawCode, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
