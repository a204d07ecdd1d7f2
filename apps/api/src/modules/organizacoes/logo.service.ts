import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LOGO_PIXELS_MAXIMO, LOGO_TAMANHO_MAXIMO, LOGO_TIPOS, type LogoInput, type TipoLogo } from '@sig/contracts';
import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { conferirArquivo } from '../../platform/arquivos.js';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { linhaNoEscopo } from './organizacao.service.js';

const org = schema.organizacao;

/** A field error whose message is this module's own (the logo's type, size and dimensions). */
const erroLogo = (campo: string, chave: string) =>
  new AppError('VALIDACAO', {}, [{ campo, mensagem: `organizacoes:validacao.${chave}` }]);

/** Width and height from the image's header (PNG's IHDR, JPEG's first start-of-frame). */
export function dimensoesImagem(tipo: TipoLogo, b: Buffer): { largura: number; altura: number } | null {
  if (tipo === 'image/png') return b.length < 24 ? null : { largura: b.readUInt32BE(16), altura: b.readUInt32BE(20) };
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const m = b[i + 1]!;
    // SOF0–SOF15, but DHT (C4), JPG (C8) and DAC (CC) are no frames.
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc)
      return { altura: b.readUInt16BE(i + 5), largura: b.readUInt16BE(i + 7) };
    i += 2 + b.readUInt16BE(i + 2);
  }
  return null;
}

const tipoDoCaminho = (caminho: string): TipoLogo => (caminho.endsWith('.png') ? 'image/png' : 'image/jpeg');

/**
 * Stores an organization's logo (spec §3): PNG or JPEG, at most 512 KB and 4 megapixels, content
 * that opens as its type (platform/arquivos.ts). The file lives under DATA_DIR by its hash, like a
 * ticket's attachments; the row keeps its path, so a replaced logo's file stays for the history.
 */
export async function gravarLogo(deps: Deps, ctx: Contexto, id: number, e: LogoInput) {
  const bytes = Buffer.from(e.conteudo, 'base64');
  if (!bytes.length) throw erroLogo('conteudo', 'logoConteudo');
  if (bytes.length > LOGO_TAMANHO_MAXIMO) throw erroLogo('conteudo', 'logoGrande');
  if (await conferirArquivo(e.tipoConteudo, bytes)) throw erroLogo('conteudo', 'logoConteudo');
  const d = dimensoesImagem(e.tipoConteudo, bytes);
  if (!d || d.largura * d.altura > LOGO_PIXELS_MAXIMO) throw erroLogo('conteudo', 'logoDimensoes');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const dir = path.join(deps.config.dataDir, 'logos', 'organizacoes', String(id));
  const caminho = path.join(dir, `${sha256}.${LOGO_TIPOS[e.tipoConteudo]}`);
  const relativo = path.relative(deps.config.dataDir, caminho);
  await deps.db.transaction(async (tx) => {
    const atual = await linhaNoEscopo(tx, ctx, id, true);
    await mkdir(dir, { recursive: true });
    await writeFile(caminho, bytes);
    await tx.update(org).set({ logo: relativo, atualizadoEm: new Date() }).where(eq(org.id, id));
    await registrarAlteracao(tx, ctx, 'organizacao', id, { logo: atual.logo }, { logo: relativo });
  });
}

export async function removerLogo(deps: Deps, ctx: Contexto, id: number) {
  await deps.db.transaction(async (tx) => {
    const atual = await linhaNoEscopo(tx, ctx, id, true);
    if (!atual.logo) return;
    await tx.update(org).set({ logo: null, atualizadoEm: new Date() }).where(eq(org.id, id));
    await registrarAlteracao(tx, ctx, 'organizacao', id, { logo: atual.logo }, { logo: null });
  });
}

/** The stored logo's bytes and type; null when there is none or its file is gone. */
export async function lerArquivoLogo(
  deps: Pick<Deps, 'config'>,
  caminho: string | null,
): Promise<{ tipo: TipoLogo; conteudo: Buffer } | null> {
  if (!caminho) return null;
  try {
    return { tipo: tipoDoCaminho(caminho), conteudo: await readFile(path.join(deps.config.dataDir, caminho)) };
  } catch {
    return null;
  }
}

/** The logo of an organization in the reader's scope (the form's preview); null when it has none. */
export async function obterLogo(deps: Deps, ctx: Contexto, id: number) {
  const linha = await linhaNoEscopo(deps.db, ctx, id);
  return lerArquivoLogo(deps, linha.logo);
}
