/**
 * Money as the user reads and types it (pt-BR `1.234,56`, en `1,234.56`) and as the API takes it
 * (a decimal string, `1234.56`). Reading never guesses: a text that is not a number in the user's
 * language (`1250.5` in Portuguese, `1.25` where the group needs three digits) is unreadable, never
 * a smaller or larger amount.
 */
export type IdiomaDinheiro = 'pt-BR' | 'en';

const SEPARADORES: Record<IdiomaDinheiro, { decimal: string; grupo: string }> = {
  'pt-BR': { decimal: ',', grupo: '.' },
  en: { decimal: '.', grupo: ',' },
};

export const idiomaDoDinheiro = (idioma: string): IdiomaDinheiro => (idioma === 'en' ? 'en' : 'pt-BR');

const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const padroes = new Map<IdiomaDinheiro, RegExp>();
/** Digits with the groups in place (1.234.567) or none (1234567), then up to two decimals. */
function padrao(idioma: IdiomaDinheiro): RegExp {
  let p = padroes.get(idioma);
  if (!p) {
    const { decimal, grupo } = SEPARADORES[idioma];
    const g = escapar(grupo);
    const d = escapar(decimal);
    p = new RegExp(`^(-)?(\\d{1,3}(?:${g}\\d{3})+|\\d+)(?:${d}(\\d{0,2}))?$`);
    padroes.set(idioma, p);
  }
  return p;
}

/**
 * The decimal string of a typed or pasted amount: `null` when blank, `undefined` when unreadable.
 * The currency sign and spaces are left out, so `R$ 1.250,00` reads as `1250.00`.
 */
export function lerDinheiro(texto: string, idioma: IdiomaDinheiro): string | null | undefined {
  const limpo = texto.replace(/R\$|\s/g, '');
  if (limpo === '') return null;
  const m = padrao(idioma).exec(limpo);
  if (!m) return undefined;
  const [, sinal, inteiro, decimais = ''] = m;
  const digitos = inteiro.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  if (digitos.length > 12) return undefined;
  return `${sinal ?? ''}${digitos}.${decimais.padEnd(2, '0')}`;
}

/** A decimal string (`1250.5`, `-3`) written in the user's language with two decimals (`1.250,50`). */
export function escreverDinheiro(valor: string | number, idioma: IdiomaDinheiro): string {
  const texto = String(valor).trim();
  const m = /^(-)?(\d+)(?:\.(\d+))?$/.exec(texto);
  if (!m) return texto;
  const [, sinal, inteiro, decimais = ''] = m;
  const { decimal, grupo } = SEPARADORES[idioma];
  const agrupado = inteiro.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, grupo);
  return `${sinal ?? ''}${agrupado}${decimal}${decimais.slice(0, 2).padEnd(2, '0')}`;
}

/**
 * What the control hands the form for a text it cannot read: the text itself with a mark the
 * contracts' money schema refuses (`validacao:valorInvalido`), so the field shows the §5 message
 * and nothing is sent.
 */
export const ilegivel = (texto: string) => `${texto}#`;
