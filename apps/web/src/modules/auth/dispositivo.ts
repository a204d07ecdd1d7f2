/** Where this browser keeps its device id (docs/ARCHITECTURE.md, "Signing in"); signing out keeps it. */
const CHAVE = 'sig.dispositivo';
const VALIDO = /^[\w-]{16,100}$/;

/**
 * The random id this browser sends with every sign-in and password reset: once it signed in to an
 * account with the password, the account's lock against password guessing does not shut it out.
 * Made with getRandomValues, which (unlike randomUUID) also exists on plain http.
 */
export function idDoDispositivo(): string | undefined {
  try {
    const guardado = localStorage.getItem(CHAVE);
    if (guardado && VALIDO.test(guardado)) return guardado;
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const novo = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(CHAVE, novo);
    return novo;
  } catch {
    // Storage refused (private mode, policy): the sign-in goes on by address alone.
    return undefined;
  }
}
