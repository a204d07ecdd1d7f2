import type { Idioma } from '@sig/i18n';
import extenso from 'extenso';

const UNIDADES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const DEZENAS = ['', '', 'twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'];
const ESCALAS = ['', ' thousand', ' million', ' billion', ' trillion'];

function ateMil(n: number): string {
  const centenas = Math.floor(n / 100);
  const resto = n % 100;
  const partes: string[] = [];
  if (centenas) partes.push(`${UNIDADES[centenas]} hundred`);
  if (resto >= 20) partes.push(`${DEZENAS[Math.floor(resto / 10)]}${resto % 10 ? `-${UNIDADES[resto % 10]}` : ''}`);
  else if (resto) partes.push(UNIDADES[resto]!);
  return partes.join(' ');
}

/** A whole number in English words, US style ("one thousand two hundred fifty"). */
function inteiroEmIngles(n: bigint): string {
  if (n === 0n) return 'zero';
  const grupos: string[] = [];
  for (let escala = 0; n > 0n; escala++, n /= 1000n) {
    const g = Number(n % 1000n);
    if (g) grupos.unshift(`${ateMil(g)}${ESCALAS[escala]}`);
  }
  return grupos.join(' ');
}

function emIngles(inteiro: bigint, centavos: number): string {
  const reais = inteiro ? `${inteiroEmIngles(inteiro)} ${inteiro === 1n ? 'real' : 'reais'}` : '';
  const cents = centavos ? `${inteiroEmIngles(BigInt(centavos))} ${centavos === 1 ? 'centavo' : 'centavos'}` : '';
  if (reais && cents) return `${reais} and ${cents}`;
  return reais || cents || 'zero reais';
}

/**
 * An amount of reais in words, as a Brazilian receipt writes it beside the figures: pt-BR by the
 * `extenso` library ("mil duzentos e cinquenta reais e cinquenta centavos"), English by the small
 * writer above ("one thousand two hundred fifty reais and fifty centavos"). Takes the decimal
 * string the database gives: no float ever touches the amount.
 */
export function valorPorExtenso(valor: string, idioma: Idioma): string {
  const [inteiro = '0', fracao = ''] = valor.replace(/^-/, '').split('.');
  const centavos = Number(fracao.padEnd(2, '0').slice(0, 2));
  if (idioma === 'en') return emIngles(BigInt(inteiro || '0'), centavos);
  if (BigInt(inteiro || '0') === 0n && centavos === 0) return 'zero real';
  return extenso(`${inteiro || '0'}.${String(centavos).padStart(2, '0')}`, {
    mode: 'currency',
    decimalSeparator: 'point',
  });
}
