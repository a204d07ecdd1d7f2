/** The first wait after a failure, and the longest: each failure doubles the wait up to it. */
const PRIMEIRA_ESPERA_MS = 1000;
const MAIOR_ESPERA_MS = 60_000;

/**
 * Runs `fazer` once and waits for it; if it fails, tries again in the background, waiting twice
 * as long each time (capped), until it succeeds. For what a start needs eventually but must not
 * die for (a call that a busy machine answers too late). `aoFalhar` hears each failure and the
 * wait before the next try. Timers do not keep the process alive.
 */
export async function tentarAteConseguir(
  fazer: () => Promise<unknown>,
  aoFalhar: (erro: unknown, esperaMs: number) => void,
  esperas = { primeira: PRIMEIRA_ESPERA_MS, maior: MAIOR_ESPERA_MS },
): Promise<void> {
  const tentar = (espera: number) =>
    fazer().then(
      () => true,
      (e: unknown) => {
        aoFalhar(e, espera);
        return false;
      },
    );
  if (await tentar(esperas.primeira)) return;
  void (async () => {
    for (let espera = esperas.primeira; ; espera = Math.min(espera * 2, esperas.maior)) {
      await new Promise((ok) => setTimeout(ok, espera).unref());
      if (await tentar(Math.min(espera * 2, esperas.maior))) return;
    }
  })();
}
