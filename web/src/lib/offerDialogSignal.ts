/**
 * Asks the board to open its proposal dialog from outside it (the motivational popup's 'Criar Minha
 * Oferta Agora!'). A request made while no board is mounted waits until one mounts and takes it.
 */
let pending = false;
const listeners = new Set<() => void>();

export function requestOfferDialog(): void {
  pending = true;
  listeners.forEach((listener) => listener());
}

/** Takes a waiting request, if any: true once per request. */
export function takeOfferDialogRequest(): boolean {
  const had = pending;
  pending = false;
  return had;
}

export function onOfferDialogRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
