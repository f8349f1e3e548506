/** 'Recarregar Plataforma' clears all local storage (spec part 1 §2), the affiliate code included. */
export function clearAllStorage(): void {
  try {
    window.localStorage.clear();
  } catch {
    // Storage refused: reloading is still worth it.
  }
}
