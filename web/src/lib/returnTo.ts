/**
 * Where someone sent to sign in goes back to afterwards (issue 24: a visitor who liked a card returns
 * to that card). It travels in the router's state (`navigate("/auth", { state })`), which a reload
 * keeps and a link from elsewhere cannot set; still, only an address of this app is followed.
 * Only the pages that follow it import this module: its code rides in their chunk.
 */
export interface ReturnState {
  returnTo: string;
}

/** The address `returnState` put in the router's state: a path of this app, else null. */
export function returnAddressOf(state: unknown): string | null {
  const returnTo = (state as Partial<ReturnState> | null)?.returnTo;
  return typeof returnTo === "string" && /^\/(?![/\\])/.test(returnTo) ? returnTo : null;
}
