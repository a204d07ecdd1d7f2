import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { escreverDinheiro, type IdiomaDinheiro, lerDinheiro } from './dinheiro';
import { EntradaDinheiro } from './EntradaDinheiro';

afterEach(cleanup);

describe('lerDinheiro', () => {
  it('reads pt-BR amounts as decimal strings, never guessing', () => {
    expect(lerDinheiro('1.250,00', 'pt-BR')).toBe('1250.00');
    expect(lerDinheiro('1250', 'pt-BR')).toBe('1250.00');
    expect(lerDinheiro('1250,5', 'pt-BR')).toBe('1250.50');
    expect(lerDinheiro('0,01', 'pt-BR')).toBe('0.01');
    expect(lerDinheiro('R$ 1.234.567,89', 'pt-BR')).toBe('1234567.89');
    expect(lerDinheiro('', 'pt-BR')).toBeNull();
    // The other language's decimal point, a group of two digits, three decimals: unreadable, not 1.25.
    expect(lerDinheiro('1250.5', 'pt-BR')).toBeUndefined();
    expect(lerDinheiro('1.25', 'pt-BR')).toBeUndefined();
    expect(lerDinheiro('1,255', 'pt-BR')).toBeUndefined();
    expect(lerDinheiro('12a', 'pt-BR')).toBeUndefined();
  });

  it('reads en amounts', () => {
    expect(lerDinheiro('1,250.00', 'en')).toBe('1250.00');
    expect(lerDinheiro('1250.5', 'en')).toBe('1250.50');
    expect(lerDinheiro('0.01', 'en')).toBe('0.01');
    expect(lerDinheiro('1.250,00', 'en')).toBeUndefined();
  });

  it('writes amounts in the language with two decimals', () => {
    expect(escreverDinheiro('1250.5', 'pt-BR')).toBe('1.250,50');
    expect(escreverDinheiro('1234567.89', 'en')).toBe('1,234,567.89');
    expect(escreverDinheiro(3, 'pt-BR')).toBe('3,00');
  });
});

function Campo({ idioma, inicial = null }: { idioma: IdiomaDinheiro; inicial?: string | null }) {
  const [valor, setValor] = useState<string | null>(inicial);
  return (
    <>
      <EntradaDinheiro aria-label="valor" idioma={idioma} value={valor} onChange={setValor} />
      <output data-testid="valor">{String(valor)}</output>
    </>
  );
}

const digitar = async (idioma: IdiomaDinheiro, texto: string) => {
  render(<Campo idioma={idioma} />);
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('valor'), texto);
  await u.tab();
  return {
    valor: screen.getByTestId('valor').textContent,
    tela: (screen.getByLabelText('valor') as HTMLInputElement).value,
  };
};

describe('EntradaDinheiro', () => {
  it.each([
    ['pt-BR', '1.250,00', '1250.00', '1.250,00'],
    ['pt-BR', '1250', '1250.00', '1.250,00'],
    ['pt-BR', '1250,5', '1250.50', '1.250,50'],
    ['pt-BR', '0,01', '0.01', '0,01'],
    ['en', '1,250.00', '1250.00', '1,250.00'],
  ] as const)('%s: typing %s gives the form %s and shows %s', async (idioma, texto, valor, tela) => {
    expect(await digitar(idioma, texto)).toEqual({ valor, tela });
  });

  it('hands an unreadable text on marked, so the form refuses it, and keeps it on screen', async () => {
    expect(await digitar('pt-BR', '1250.5')).toEqual({ valor: '1250.5#', tela: '1250.5' });
  });

  it('shows a loaded amount in the language, and rewrites it when the language changes', () => {
    const { rerender } = render(<EntradaDinheiro aria-label="valor" idioma="pt-BR" value="1250.00" />);
    expect((screen.getByLabelText('valor') as HTMLInputElement).value).toBe('1.250,00');
    rerender(<EntradaDinheiro aria-label="valor" idioma="en" value="1250.00" />);
    expect((screen.getByLabelText('valor') as HTMLInputElement).value).toBe('1,250.00');
  });
});
