import { describe, expect, it } from 'vitest';
import { tentarAteConseguir } from './tentativas.js';

describe('tentarAteConseguir', () => {
  it('returns after the first try when it works', async () => {
    let vezes = 0;
    await tentarAteConseguir(
      async () => {
        vezes++;
      },
      () => {},
    );
    expect(vezes).toBe(1);
  });

  it('does not fail on a failure, and tries again, waiting longer each time, until it works', async () => {
    let vezes = 0;
    const esperas: number[] = [];
    let feito!: () => void;
    const conseguiu = new Promise<void>((ok) => {
      feito = ok;
    });
    await tentarAteConseguir(
      async () => {
        if (++vezes < 4) throw new Error('busy');
        feito();
      },
      (_, espera) => esperas.push(espera),
      { primeira: 5, maior: 12 },
    );
    // The start goes on after the first failure.
    expect(vezes).toBe(1);
    await conseguiu;
    expect(vezes).toBe(4);
    expect(esperas).toEqual([5, 10, 12]);
  });
});
