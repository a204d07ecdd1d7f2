import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

export { conferirSenha, hashSenha } from '@sig/db';

/** A hash to spend the same time on unknown logins as on known ones (no enumeration by timing). */
export const HASH_FICTICIO = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

export const novoToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');
export const codigoNumerico = (digitos = 6) => String(randomInt(0, 10 ** digitos)).padStart(digitos, '0');

/** Letters and digits a reader cannot mistake for one another (no 0/o, 1/l/i). */
const ALFABETO_RECUPERACAO = 'abcdefghjkmnpqrstuvwxyz23456789';
/** A one-time recovery code, `xxxxx-xxxxx` (about 50 bits). */
export const codigoRecuperacao = () => {
  const c = Array.from({ length: 10 }, () => ALFABETO_RECUPERACAO[randomInt(ALFABETO_RECUPERACAO.length)]).join('');
  return `${c.slice(0, 5)}-${c.slice(5)}`;
};

/** AES-256-GCM with a key derived from SIG_SECRET; output `v1.iv.tag.data` (base64url). */
export class Cofre {
  private readonly chave: Buffer;
  constructor(segredo: string) {
    this.chave = createHash('sha256').update(`sig-cofre:${segredo}`).digest();
  }
  cifrar(texto: string): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.chave, iv);
    const dados = Buffer.concat([c.update(texto, 'utf8'), c.final()]);
    return ['v1', iv, c.getAuthTag(), dados]
      .map((x) => (typeof x === 'string' ? x : x.toString('base64url')))
      .join('.');
  }
  decifrar(guardado: string): string {
    const [v, iv, tag, dados] = guardado.split('.');
    if (v !== 'v1' || !iv || !tag || dados === undefined) throw new Error('formato cifrado desconhecido');
    const d = createDecipheriv('aes-256-gcm', this.chave, Buffer.from(iv, 'base64url'));
    d.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([d.update(Buffer.from(dados, 'base64url')), d.final()]).toString('utf8');
  }
}
