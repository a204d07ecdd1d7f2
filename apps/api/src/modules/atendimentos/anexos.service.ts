import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ANEXO_TAMANHO_MAXIMO, ANEXO_TIPOS, type FilaAtendimento } from '@sig/contracts';
import { schema } from '@sig/db';
import { and, eq, isNull } from 'drizzle-orm';
import { conferirArquivo } from '../../platform/arquivos.js';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { publicar } from '../../platform/hub.js';
import { erroPg, VIOLACAO_UNICA } from '../../platform/sql.js';
import { alterar } from './alterar.js';
import { obter } from './consulta.service.js';
import { exigirVisivel } from './fila.js';

const { atendimentoAnexo } = schema;

/** A field error whose message is this module's own (attachment type and size). */
const erroAnexo = (campo: string, chave: string) =>
  new AppError('VALIDACAO', {}, [{ campo, mensagem: `atendimentos:validacao.${chave}` }]);

const diretorioAnexos = (deps: Deps, atendimentoId: number) =>
  path.join(deps.config.dataDir, 'anexos', 'atendimentos', String(atendimentoId));

/**
 * A document attached to a ticket: size limit, type allow-list, content that is what it claims
 * (platform/arquivos.ts: the container or image opens as its type), and the same document (same
 * bytes) twice refused (spec §8 'Você já informou este documento.'). The file is stored under
 * DATA_DIR by its hash, so writing it again before a failed insert leaves nothing stray.
 */
export async function anexar(
  deps: Deps,
  ctx: Contexto,
  fila: FilaAtendimento,
  id: number,
  v: { nomeArquivo: string; tipoConteudo: string; conteudo: string },
) {
  if (!(v.tipoConteudo in ANEXO_TIPOS)) throw erroAnexo('tipoConteudo', 'tipoArquivoNaoPermitido');
  const tipo = v.tipoConteudo as keyof typeof ANEXO_TIPOS;
  const bytes = Buffer.from(v.conteudo, 'base64');
  if (!bytes.length) throw erroDeCampo('conteudo', 'obrigatorio');
  if (bytes.length > ANEXO_TAMANHO_MAXIMO) throw erroAnexo('conteudo', 'arquivoGrande');
  const recusa = await conferirArquivo(tipo, bytes);
  if (recusa === 'inflado') throw erroAnexo('conteudo', 'arquivoInfladoGrande');
  if (recusa) throw erroAnexo('tipoConteudo', 'conteudoNaoConfere');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  await exigirVisivel(deps.db, ctx, fila, id);
  const [repetido] = await deps.db
    .select({ id: atendimentoAnexo.id })
    .from(atendimentoAnexo)
    .where(
      and(
        eq(atendimentoAnexo.atendimentoId, id),
        eq(atendimentoAnexo.sha256, sha256),
        isNull(atendimentoAnexo.excluidoEm),
      ),
    );
  if (repetido) throw new AppError('DOCUMENTO_DUPLICADO');
  const dir = diretorioAnexos(deps, id);
  await mkdir(dir, { recursive: true });
  const caminho = path.join(dir, `${sha256}.${ANEXO_TIPOS[tipo]}`);
  await writeFile(caminho, bytes);
  try {
    await deps.db.transaction(async (tx) => {
      const [novo] = await tx
        .insert(atendimentoAnexo)
        .values({
          atendimentoId: id,
          usuarioId: ctx.usuarioId,
          nomeArquivo: v.nomeArquivo,
          tipoConteudo: tipo,
          tamanho: bytes.length,
          sha256,
          caminho: path.relative(deps.config.dataDir, caminho),
        })
        .returning({ id: atendimentoAnexo.id });
      await registrarAlteracao(tx, ctx, 'atendimentoAnexo', novo!.id, null, {
        nomeArquivo: v.nomeArquivo,
        tamanho: bytes.length,
        sha256,
      });
    });
  } catch (e) {
    // Two uploads of the same document at once: the unique index decides.
    if (erroPg(e).code === VIOLACAO_UNICA) throw new AppError('DOCUMENTO_DUPLICADO');
    throw e;
  }
  await publicar(deps, { tipo: 'atendimento', id });
  return obter(deps, ctx, fila, id);
}

export async function baixarAnexo(deps: Deps, ctx: Contexto, fila: FilaAtendimento, id: number, anexoId: number) {
  await exigirVisivel(deps.db, ctx, fila, id);
  const [anexo] = await deps.db
    .select()
    .from(atendimentoAnexo)
    .where(
      and(
        eq(atendimentoAnexo.id, anexoId),
        eq(atendimentoAnexo.atendimentoId, id),
        isNull(atendimentoAnexo.excluidoEm),
      ),
    );
  if (!anexo) throw naoEncontrado();
  return { anexo, conteudo: await readFile(path.join(deps.config.dataDir, anexo.caminho)) };
}

/** Removing an attachment is logical: the file and its row stay for the history. */
export async function removerAnexo(deps: Deps, ctx: Contexto, fila: FilaAtendimento, id: number, anexoId: number) {
  return alterar(deps, ctx, fila, id, async (tx) => {
    const [anexo] = await tx
      .update(atendimentoAnexo)
      .set({ excluidoEm: new Date() })
      .where(
        and(
          eq(atendimentoAnexo.id, anexoId),
          eq(atendimentoAnexo.atendimentoId, id),
          isNull(atendimentoAnexo.excluidoEm),
        ),
      )
      .returning({ id: atendimentoAnexo.id, nomeArquivo: atendimentoAnexo.nomeArquivo });
    if (!anexo) throw naoEncontrado();
    await registrarAlteracao(tx, ctx, 'atendimentoAnexo', anexoId, { nomeArquivo: anexo.nomeArquivo }, null);
  });
}
