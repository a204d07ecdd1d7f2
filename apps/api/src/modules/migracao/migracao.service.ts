import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  type AnaliseMigracaoInput,
  CAMPOS_OBRIGATORIOS_MIGRACAO,
  type DecisaoLinhaMigracaoInput,
  type EnvioMigracaoQuery,
  type LinhaMigracao,
  type LinhasMigracaoQuery,
  type MapeamentoMigracao,
  type Migracao,
  type MigracaoListQuery,
  type Paged,
  TAMANHO_MAXIMO_MIGRACAO,
  type TipoMigracao,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { type Chave, type IssueValidacao, mensagemDeIssue, type Tradutor, tradutor } from '@sig/i18n';
import { and, asc, desc, eq, gt, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, naoEncontrado } from '../../platform/erros.js';
import { exigirNoEscopo, filtroOrganizacao } from '../../platform/escopo.js';
import { arquivoExportacao } from '../../platform/exportacao.js';
import { pode } from '../../platform/permissoes.js';
import {
  aindaComOItem,
  cancelarLote,
  criarLote,
  desfazerItens,
  type ItemEmTrabalho,
} from '../processamento-lote/index.js';
import { mapearAutomaticamente } from './conversao.js';
import { analisarCultos, carregarReferenciasCultos } from './cultos.js';
import { analisadorFamilias, carregarReferenciasFamilias } from './familias.js';
import { cabecalhosDoArquivo, formatoDoArquivo, type Leitura, linhasDoArquivo } from './leitura.js';
import { LINHAS_POR_UNIDADE, TIPO_MIGRACAO } from './migracao.tipo.js';
import { analisarOrganizacoes, carregarReferenciasOrganizacoes } from './organizacoes.js';
import {
  ACESSO_MIGRACAO,
  analisarPessoas,
  carregarReferencias,
  type LinhaAnalisada,
  type ValoresLinha,
  type Vistos,
} from './pessoas.js';
import { analisarContas, carregarReferenciasContas } from './receber.js';

/**
 * Spec §2 /migracao (issue 23): upload → mapping → dry run (nothing written) → confirm, which
 * hands the rows to write to a MIGRACAO bulk batch (progress, cancel, resume, undo).
 */
const { migracao: mig, migracaoLinha: linha, migracaoMapeamento: mapa, organizacao, usuario, pessoa } = schema;
const { processamentoLote: lote, processamentoLoteItem: item } = schema;
const analiseLote = alias(lote, 'analise_lote');

/** Rows checked and matched together: three look-ups per chunk, not per row. */
const TAMANHO_BLOCO = 500;

const selecao = {
  id: mig.id,
  tipo: mig.tipo,
  organizacaoId: mig.organizacaoId,
  organizacaoNome: organizacao.nomeFantasia,
  criadoPorNome: sql<string>`coalesce(trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome}), '')`,
  nomeArquivo: mig.nomeArquivo,
  formato: mig.formato,
  origem: mig.origem,
  status: mig.status,
  cabecalhos: mig.cabecalhos,
  mapeamento: mig.mapeamento,
  linhas: mig.linhas,
  criados: mig.criados,
  atualizados: mig.atualizados,
  ignorados: mig.ignorados,
  revisar: mig.revisar,
  falhas: mig.falhas,
  loteId: mig.loteId,
  loteStatus: lote.status,
  loteTotal: lote.total,
  loteErros: lote.erros,
  aImportar: mig.aImportar,
  importadas: mig.importadas,
  falhasImportacao: mig.falhasImportacao,
  analisadas: mig.analisadas,
  progressoAnalise: mig.progressoAnalise,
  erroAnalise: mig.erroAnalise,
  analiseLoteStatus: analiseLote.status,
  criadoEm: mig.criadoEm,
  analisadoEm: mig.analisadoEm,
  confirmadoEm: mig.confirmadoEm,
};
const consulta = (db: DbOuTx) =>
  db
    .select(selecao)
    .from(mig)
    .innerJoin(organizacao, eq(organizacao.id, mig.organizacaoId))
    .innerJoin(usuario, eq(usuario.id, mig.criadoPor))
    .leftJoin(pessoa, eq(pessoa.id, usuario.pessoaId))
    .leftJoin(lote, eq(lote.id, mig.loteId))
    .leftJoin(analiseLote, eq(analiseLote.id, mig.analiseLoteId));
type Lida = Awaited<ReturnType<ReturnType<typeof consulta>['execute']>>[number];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function paraMigracao(l: Lida, t: Tradutor): Migracao {
  const { loteTotal, loteErros, analiseLoteStatus, erroAnalise, aImportar, importadas, falhasImportacao, ...resto } = l;
  // In rows: the batch's work units write hundreds each.
  const pendentes = loteTotal === null ? null : Math.max(0, aImportar - importadas);
  // The batch is done: the run is too (its errors counted among the run's failures).
  const terminado =
    l.status === 'IMPORTANDO' && l.loteStatus !== null && !['PENDENTE', 'EM_ANDAMENTO'].includes(l.loteStatus);
  // A dry run whose batch was cancelled before its worker took it never ran: back to the mapping.
  const semAnalise = l.status === 'ANALISANDO' && analiseLoteStatus === 'CANCELADO';
  return {
    ...resto,
    tipo: l.tipo as Migracao['tipo'],
    formato: l.formato as Migracao['formato'],
    status: (terminado ? 'CONCLUIDA' : semAnalise ? 'ENVIADA' : l.status) as Migracao['status'],
    erroAnalise: erroAnalise ? t(`erros:${erroAnalise}` as Chave) : null,
    cabecalhos: l.cabecalhos as string[],
    mapeamento: l.mapeamento as MapeamentoMigracao,
    // A row that failed in the import became ERRO; a unit that failed whole counts once.
    falhas: l.falhas + falhasImportacao + (loteErros ?? 0),
    lotePendentes: pendentes,
    criadoEm: l.criadoEm.toISOString(),
    analisadoEm: iso(l.analisadoEm),
    confirmadoEm: iso(l.confirmadoEm),
  };
}

/** A page of a list: its items, the count of all, and the page asked for. */
const pagina = <T>(itens: T[], contagem: { total: number } | undefined, q: { pagina: number; quantidade: number }) => ({
  itens,
  total: contagem?.total ?? 0,
  pagina: q.pagina,
  quantidade: q.quantidade,
});

export async function obter(db: DbOuTx, ctx: Contexto, id: number): Promise<Migracao> {
  const [l] = await consulta(db).where(and(eq(mig.id, id), filtroOrganizacao(ctx, ACESSO_MIGRACAO, mig.organizacaoId)));
  if (!l) throw naoEncontrado();
  return paraMigracao(l, tradutor(ctx.idioma));
}

export async function listar(deps: Deps, ctx: Contexto, q: MigracaoListQuery): Promise<Paged<Migracao>> {
  const filtros: SQL[] = [filtroOrganizacao(ctx, ACESSO_MIGRACAO, mig.organizacaoId)];
  if (q.tipo) filtros.push(eq(mig.tipo, q.tipo));
  const onde = and(...filtros);
  const coluna = q.ordenarPor === 'id' ? mig.id : mig.criadoEm;
  const [linhas, [contagem]] = await Promise.all([
    consulta(deps.db)
      .where(onde)
      .orderBy(q.ordem === 'desc' || !q.ordenarPor ? desc(coluna) : asc(coluna), desc(mig.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(mig).where(onde),
  ]);
  const t = tradutor(ctx.idioma);
  return pagina(
    linhas.map((l) => paraMigracao(l, t)),
    contagem,
    q,
  );
}

/** The file streamed to disk, refused past the limit before it is all read. */
async function gravarArquivo(deps: Deps, corpo: Readable): Promise<string> {
  const dir = path.join(deps.config.dataDir, 'migracao');
  await mkdir(dir, { recursive: true });
  const caminho = path.join(dir, randomUUID());
  let lidos = 0;
  const limite = new Transform({
    transform(parte: Buffer, _enc, feito) {
      lidos += parte.length;
      if (lidos > TAMANHO_MAXIMO_MIGRACAO) return feito(new AppError('CORPO_GRANDE'));
      feito(null, parte);
    },
  });
  try {
    await pipeline(corpo, limite, createWriteStream(caminho));
  } catch (err) {
    await rm(caminho, { force: true });
    throw err instanceof AppError ? err : new AppError('MIGRACAO_ARQUIVO_INVALIDO');
  }
  if (!lidos) {
    await rm(caminho, { force: true });
    throw new AppError('MIGRACAO_ARQUIVO_INVALIDO');
  }
  return caminho;
}

/**
 * Financial history is the treasury's, the organization tree the registry's, services the
 * services': their importer needs that record's create permission as well.
 */
const ACESSO_DO_TIPO: Partial<Record<TipoMigracao, string>> = {
  CONTAS_A_RECEBER: 'ContaAReceber',
  ORGANIZACOES: 'Organizacao',
  CULTOS: 'Culto',
};

/** Upload: the file kept, its headers read and mapped (from the organization's last mapping, then by name). */
export async function enviar(deps: Deps, ctx: Contexto, q: EnvioMigracaoQuery, corpo: Readable): Promise<Migracao> {
  const acessoDoTipo = ACESSO_DO_TIPO[q.tipo];
  if (acessoDoTipo && !pode(ctx, acessoDoTipo, 'C')) throw new AppError('ACESSO_NAO_PERMITIDO');
  await exigirNoEscopo(deps.db, ctx, ACESSO_MIGRACAO, ctx.organizacaoId);
  const caminho = await gravarArquivo(deps, corpo);
  try {
    const formato = await formatoDoArquivo(caminho);
    const cabecalhos = await cabecalhosDoArquivo(caminho, formato);
    const [lembrado] = await deps.db
      .select({ mapeamento: mapa.mapeamento })
      .from(mapa)
      .where(and(eq(mapa.organizacaoId, ctx.organizacaoId), eq(mapa.tipo, q.tipo)));
    const [novo] = await deps.db
      .insert(mig)
      .values({
        organizacaoId: ctx.organizacaoId,
        criadoPor: ctx.usuarioId,
        tipo: q.tipo,
        nomeArquivo: q.nomeArquivo,
        formato,
        caminhoArquivo: path.relative(deps.config.dataDir, caminho),
        origem: q.origem,
        cabecalhos,
        mapeamento: mapearAutomaticamente(q.tipo, cabecalhos, (lembrado?.mapeamento as MapeamentoMigracao) ?? null),
      })
      .returning({ id: mig.id });
    return obter(deps.db, ctx, novo!.id);
  } catch (err) {
    await rm(caminho, { force: true });
    throw err;
  }
}

async function exigirSituacao(db: DbOuTx, ctx: Contexto, id: number, situacoes: string[]) {
  const m = await obter(db, ctx, id);
  if (!situacoes.includes(m.status)) throw new AppError('MIGRACAO_SITUACAO_INVALIDA');
  return m;
}

type Bloco = Parameters<typeof analisarPessoas>[4];

type Analisador = {
  bloco: (bloco: Bloco) => Promise<LinhaAnalisada<unknown>[]>;
  /** A kind that decides over the whole file (families) answers its rows at the end. */
  fim?: () => Promise<LinhaAnalisada<unknown>[]>;
};

/** The kind's check of a chunk of rows, with what it loads once per run and remembers across chunks. */
async function analisador(deps: Deps, ctx: Contexto, m: Migracao): Promise<Analisador> {
  if (m.tipo === 'CONTAS_A_RECEBER') {
    const refs = await carregarReferenciasContas(deps.db, ctx);
    const vistas = new Set<string>();
    return { bloco: (bloco) => analisarContas(deps.db, ctx, m, refs, bloco, vistas) };
  }
  if (m.tipo === 'ORGANIZACOES') {
    const refs = await carregarReferenciasOrganizacoes(deps.db, ctx, m.origem);
    const vistas = new Set<string>();
    const cnpjs = new Set<string>();
    return { bloco: (bloco) => analisarOrganizacoes(deps.db, ctx, m, refs, bloco, vistas, cnpjs) };
  }
  if (m.tipo === 'CULTOS') {
    const refs = await carregarReferenciasCultos(deps.db, ctx);
    const vistos = new Set<string>();
    return { bloco: (bloco) => analisarCultos(deps.db, ctx, m, refs, bloco, vistos) };
  }
  if (m.tipo === 'FAMILIAS') {
    const a = analisadorFamilias(deps.db, ctx, m, await carregarReferenciasFamilias(deps.db));
    return { bloco: (bloco) => a.bloco(bloco), fim: () => a.fim() };
  }
  const refs = await carregarReferencias(deps.db);
  const vistos: Vistos = { chaves: new Set(), cpfs: new Set() };
  return { bloco: (bloco) => analisarPessoas(deps.db, ctx, m, refs, bloco, vistos) };
}

/** Who asked for the dry run, kept on its batch: the worker checks the rows with their rights and scope. */
type QuemAnalisa = Pick<
  Contexto,
  'usuarioId' | 'pessoaId' | 'organizacaoId' | 'organizacaoCaminho' | 'organizacaoNome' | 'perfilId' | 'idioma'
>;
type ParametrosAnalise = { migracaoId: number; contexto: QuemAnalisa };

/**
 * The dry run asked for: the mapping checked and kept, the file's check handed to a one-item
 * MIGRACAO_ANALISE batch (progress on the run, cancel); nothing of the registry is written. May
 * run again with another mapping until confirmed.
 */
export async function analisar(deps: Deps, ctx: Contexto, id: number, e: AnaliseMigracaoInput): Promise<Migracao> {
  const m = await exigirSituacao(deps.db, ctx, id, ['ENVIADA', 'ANALISADA']);
  const mapeamento = Object.fromEntries(
    Object.entries(e.mapeamento).filter(([, cab]) => cab && m.cabecalhos.includes(cab)),
  ) as Record<string, string>;
  for (const grupo of CAMPOS_OBRIGATORIOS_MIGRACAO[m.tipo])
    if (!grupo.some((c) => mapeamento[c])) throw new AppError('MIGRACAO_MAPEAMENTO_INCOMPLETO', { campo: grupo[0]! });
  const estava = await deps.db.select({ status: mig.status }).from(mig).where(eq(mig.id, id));
  const [tomada] = await deps.db
    .update(mig)
    .set({
      status: 'ANALISANDO',
      mapeamento,
      analiseLoteId: null,
      analisadas: 0,
      progressoAnalise: 0,
      erroAnalise: null,
    })
    // A dry run whose batch was cancelled before it started reads as ENVIADA (see paraMigracao).
    .where(and(eq(mig.id, id), eq(mig.status, estava[0]!.status)))
    .returning({ id: mig.id });
  if (!tomada) throw new AppError('MIGRACAO_SITUACAO_INVALIDA');
  const parametros: ParametrosAnalise = {
    migracaoId: id,
    contexto: {
      usuarioId: ctx.usuarioId,
      pessoaId: ctx.pessoaId,
      organizacaoId: ctx.organizacaoId,
      organizacaoCaminho: ctx.organizacaoCaminho,
      organizacaoNome: ctx.organizacaoNome,
      perfilId: ctx.perfilId,
      idioma: ctx.idioma,
    },
  };
  try {
    const loteId = await criarLote(deps, ctx, {
      tipo: 'MIGRACAO_ANALISE',
      organizacaoId: m.organizacaoId,
      parametros,
      itens: sql`select ${id}::int as referencia_id, ${m.nomeArquivo}::text as descricao`,
    });
    await deps.db
      .update(mig)
      .set({ analiseLoteId: loteId })
      .where(and(eq(mig.id, id), isNull(mig.analiseLoteId)));
  } catch (err) {
    await deps.db.update(mig).set({ status: estava[0]!.status }).where(eq(mig.id, id));
    throw err;
  }
  return obter(deps.db, ctx, id);
}

/** The context of the user who asked for the dry run, with their profile's rights as they are now. */
async function contextoDoLote(deps: Deps, c: QuemAnalisa): Promise<Contexto> {
  const [perfil] = await deps.db
    .select({ versao: schema.perfil.versao })
    .from(schema.perfil)
    .where(eq(schema.perfil.id, c.perfilId));
  if (!perfil) throw naoEncontrado();
  const permissoes = await deps.permissoes.obter(c.perfilId, perfil.versao);
  return { ...c, sessaoId: 0, pendente2FA: false, trocarSenha: false, permissoes, ip: '' };
}

/**
 * The run was cancelled, given to a newer dry run, or its item taken by another attempt: this
 * one stops and leaves the run to whoever has it.
 */
class AnaliseInterrompida extends Error {}

/** The run still belongs to this batch, the batch is still running and this attempt holds its item. */
const daAnalise = (id: number, item: ItemEmTrabalho) =>
  and(
    eq(mig.id, id),
    eq(mig.status, 'ANALISANDO'),
    eq(mig.analiseLoteId, item.loteId),
    sql`exists (select 1 from ${lote} where ${lote.id} = ${item.loteId} and ${lote.status} in ('PENDENTE', 'EM_ANDAMENTO'))`,
    aindaComOItem(item),
  );

/**
 * The MIGRACAO_ANALISE batch's one item: every row of the file checked with the form's schema
 * and matched, its decision kept, a chunk at a time with the run's progress. An attempt after
 * a kill -9 starts the file over (the rows of the earlier attempt removed first), so it ends as
 * a run without the kill would.
 */
export async function executarAnalise(deps: Deps, item: ItemEmTrabalho): Promise<string | null> {
  const { migracaoId: id, contexto } = item.parametros as ParametrosAnalise;
  const ctx = await contextoDoLote(deps, contexto);
  const comecou = await deps.db.transaction(async (tx) => {
    const [r] = await tx
      .update(mig)
      .set({ analiseLoteId: item.loteId, analisadas: 0, progressoAnalise: 0 })
      .where(
        and(
          eq(mig.id, id),
          eq(mig.status, 'ANALISANDO'),
          or(isNull(mig.analiseLoteId), eq(mig.analiseLoteId, item.loteId)),
          aindaComOItem(item),
        ),
      )
      .returning({ id: mig.id });
    if (r) await tx.delete(linha).where(eq(linha.migracaoId, id));
    return !!r;
  });
  if (!comecou) return null;
  try {
    return await analisarArquivo(deps, ctx, id, item);
  } catch (err) {
    // Back to the mapping, the rows written so far gone; a stop on the file says why.
    await deps.db.transaction(async (tx) => {
      const [r] = await tx
        .update(mig)
        .set({
          status: 'ENVIADA',
          analisadas: 0,
          progressoAnalise: 0,
          erroAnalise:
            err instanceof AnaliseInterrompida ? null : err instanceof AppError ? err.codigo : 'ERRO_INESPERADO',
        })
        .where(daAnalise(id, item))
        .returning({ id: mig.id });
      if (r) await tx.delete(linha).where(eq(linha.migracaoId, id));
    });
    if (err instanceof AnaliseInterrompida) return null;
    throw err;
  }
}

async function analisarArquivo(deps: Deps, ctx: Contexto, id: number, item: ItemEmTrabalho): Promise<string> {
  const m = await obter(deps.db, ctx, id);
  const mapeamento = m.mapeamento as Record<string, string>;
  const [arquivo] = await deps.db.select({ caminho: mig.caminhoArquivo }).from(mig).where(eq(mig.id, id));
  if (!arquivo?.caminho) throw new AppError('MIGRACAO_SITUACAO_INVALIDA');
  const caminho = path.join(deps.config.dataDir, arquivo.caminho);
  const tamanho = (await stat(caminho)).size || 1;
  const leitura: Leitura = { bytes: 0 };
  const doTipo = await analisador(deps, ctx, m);
  const contagem = { linhas: 0, CRIAR: 0, ATUALIZAR: 0, IGNORAR: 0, REVISAR: 0, ERRO: 0 };
  let cabecalhos: string[] | null = null;
  let bloco: Bloco = [];
  let numero = 1;
  const indice = new Map<string, number>();
  const gravar = async (fim = false) => {
    const analisadas = bloco.length ? await doTipo.bloco(bloco) : [];
    bloco = [];
    if (fim && doTipo.fim) analisadas.push(...(await doTipo.fim()));
    for (const a of analisadas) contagem[a.acao]++;
    await deps.db.transaction(async (tx) => {
      // The progress and the check that the run is still this batch's, in one statement per chunk.
      const [ainda] = await tx
        .update(mig)
        .set({
          analisadas: contagem.linhas,
          progressoAnalise: Math.min(99, Math.floor((leitura.bytes * 100) / tamanho)),
        })
        .where(daAnalise(id, item))
        .returning({ id: mig.id });
      if (!ainda) throw new AnaliseInterrompida();
      // The rows a whole-file kind answers at the end are written a chunk at a time too.
      for (let i = 0; i < analisadas.length; i += TAMANHO_BLOCO)
        await tx.insert(linha).values(
          analisadas.slice(i, i + TAMANHO_BLOCO).map((a) => ({
            migracaoId: id,
            numero: a.numero,
            chaveLegada: a.chaveLegada,
            descricao: a.descricao.slice(0, 300),
            acao: a.acao,
            original: a.original,
            dados: a.dados,
            diferencas: a.diferencas,
            mensagens: a.mensagens,
            alvoId: a.alvoId,
          })),
        );
    });
  };
  for await (const celulas of linhasDoArquivo(caminho, m.formato, leitura)) {
    if (!cabecalhos) {
      cabecalhos = celulas.map((c) => c.trim());
      cabecalhos.forEach((c, i) => {
        if (!indice.has(c)) indice.set(c, i);
      });
      continue;
    }
    numero++;
    contagem.linhas++;
    const original = Object.fromEntries(cabecalhos.map((c, i) => [c, celulas[i] ?? '']));
    const valores: ValoresLinha = {};
    for (const [campo, cab] of Object.entries(mapeamento)) {
      const v = (celulas[indice.get(cab)!] ?? '').trim();
      if (v) valores[campo] = v;
    }
    bloco.push({ numero, original, valores });
    if (bloco.length >= TAMANHO_BLOCO) await gravar();
  }
  await gravar(true);
  await deps.db
    .insert(mapa)
    .values({ organizacaoId: m.organizacaoId, tipo: m.tipo, mapeamento })
    .onConflictDoUpdate({ target: [mapa.organizacaoId, mapa.tipo], set: { mapeamento, atualizadoEm: new Date() } });
  const [feita] = await deps.db
    .update(mig)
    .set({
      status: 'ANALISADA',
      linhas: contagem.linhas,
      criados: contagem.CRIAR,
      atualizados: contagem.ATUALIZAR,
      ignorados: contagem.IGNORAR,
      revisar: contagem.REVISAR,
      falhas: contagem.ERRO,
      analisadas: contagem.linhas,
      progressoAnalise: 100,
      analisadoEm: new Date(),
    })
    .where(daAnalise(id, item))
    .returning({ id: mig.id });
  if (!feita) throw new AnaliseInterrompida();
  return String(contagem.linhas);
}

const localizar = (t: ReturnType<typeof tradutor>, mensagens: IssueValidacao[]) =>
  mensagens.map((i) => ({
    campo: i.path.map(String).join('.'),
    mensagem: i.message.startsWith('erros:') ? t(i.message as Chave) : mensagemDeIssue(t, i),
  }));

const paraLinha = (t: ReturnType<typeof tradutor>, l: typeof linha.$inferSelect): LinhaMigracao => ({
  id: l.id,
  numero: l.numero,
  chaveLegada: l.chaveLegada,
  acao: l.acao as LinhaMigracao['acao'],
  descricao: l.descricao,
  diferencas: l.diferencas as LinhaMigracao['diferencas'],
  mensagens: localizar(t, l.mensagens as IssueValidacao[]),
  alvoId: l.alvoId,
  decisao: l.decisao as LinhaMigracao['decisao'],
  aplicada: !!l.aplicadaEm,
  desfeita: !!l.desfeitaEm,
});

/** The dry run's rows (or the import's), with the diff and the problems in the reader's language. */
export async function listarLinhas(
  deps: Deps,
  ctx: Contexto,
  id: number,
  q: LinhasMigracaoQuery,
): Promise<Paged<LinhaMigracao>> {
  await obter(deps.db, ctx, id);
  const onde = and(eq(linha.migracaoId, id), q.acao ? eq(linha.acao, q.acao) : undefined);
  const [linhas, [contagem]] = await Promise.all([
    deps.db
      .select()
      .from(linha)
      .where(onde)
      .orderBy(asc(linha.numero))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ total: sql<number>`count(*)::int` }).from(linha).where(onde),
  ]);
  const t = tradutor(ctx.idioma);
  return pagina(
    linhas.map((l) => paraLinha(t, l)),
    contagem,
    q,
  );
}

/** The rows with problems as the file had them, plus the row number and the messages: fix and send again. */
export async function relatorioErros(deps: Deps, ctx: Contexto, id: number) {
  const m = await obter(deps.db, ctx, id);
  const t = tradutor(ctx.idioma);
  async function* lotes(): AsyncGenerator<unknown[][]> {
    let depois = 0;
    for (;;) {
      const ls = await deps.db
        .select({ numero: linha.numero, original: linha.original, mensagens: linha.mensagens })
        .from(linha)
        .where(and(eq(linha.migracaoId, id), inArray(linha.acao, ['ERRO', 'REVISAR']), gt(linha.numero, depois)))
        .orderBy(asc(linha.numero))
        .limit(1000);
      if (!ls.length) return;
      depois = ls.at(-1)!.numero;
      yield ls.map((l) => {
        const o = l.original as Record<string, string>;
        const msgs = localizar(t, l.mensagens as IssueValidacao[]).map((x) => x.mensagem);
        return [l.numero, ...m.cabecalhos.map((c) => o[c] ?? ''), msgs.join(' ')];
      });
    }
  }
  const conteudo = arquivoExportacao('xlsx', {
    titulo: t('migracao:errosTitulo'),
    idioma: ctx.idioma,
    colunas: [
      { titulo: t('migracao:linha'), tipo: 'numero' },
      ...m.cabecalhos.map((c) => ({ titulo: c })),
      { titulo: t('migracao:mensagem'), peso: 4 },
    ],
    lotes: lotes(),
  });
  return { conteudo, nomeArquivo: `${m.nomeArquivo.replace(/\.[^.]+$/, '')}-erros.xlsx` };
}

/** Rows the import writes: those the dry run decided, and those left for review the user chose to write. */
const aEscrever = (id: number) =>
  sql`${linha.migracaoId} = ${id} and (${linha.acao} in ('CRIAR', 'ATUALIZAR')
    or (${linha.acao} = 'REVISAR' and ${linha.decisao} in ('CRIAR', 'VINCULAR')))`;

/**
 * The user's choice for a row the dry run left for review (a possible duplicate, a household
 * guessed by address), kept on the row until the import applies it.
 */
export async function decidir(
  deps: Deps,
  ctx: Contexto,
  id: number,
  linhaId: number,
  e: DecisaoLinhaMigracaoInput,
): Promise<LinhaMigracao> {
  await exigirSituacao(deps.db, ctx, id, ['ANALISADA']);
  const [l] = await deps.db
    .update(linha)
    .set({ decisao: e.decisao })
    .where(and(eq(linha.id, linhaId), eq(linha.migracaoId, id), eq(linha.acao, 'REVISAR')))
    .returning();
  if (!l) throw naoEncontrado();
  return paraLinha(tradutor(ctx.idioma), l);
}

/** Confirm: the rows to write become a MIGRACAO batch; a run with nothing to write is done at once. */
export async function confirmar(deps: Deps, ctx: Contexto, id: number): Promise<Migracao> {
  const m = await exigirSituacao(deps.db, ctx, id, ['ANALISADA']);
  const [tomada] = await deps.db
    .update(mig)
    .set({ status: 'IMPORTANDO', confirmadoEm: new Date() })
    .where(and(eq(mig.id, id), eq(mig.status, 'ANALISADA')))
    .returning({ id: mig.id });
  if (!tomada) throw new AppError('MIGRACAO_SITUACAO_INVALIDA');
  const [contagem] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(linha).where(aEscrever(id));
  if (!contagem?.n) {
    await deps.db.update(mig).set({ status: 'CONCLUIDA' }).where(eq(mig.id, id));
    return obter(deps.db, ctx, id);
  }
  try {
    // A work unit per range of LINHAS_POR_UNIDADE row numbers: its first number, and the rows it covers.
    const inicio = sql`(${linha.numero} / ${LINHAS_POR_UNIDADE}::int) * ${LINHAS_POR_UNIDADE}::int`;
    const loteId = await criarLote(deps, ctx, {
      tipo: 'MIGRACAO',
      organizacaoId: m.organizacaoId,
      parametros: { migracaoId: id },
      itens: sql`select ${inicio} as referencia_id, min(${linha.numero}) || '–' || max(${linha.numero}) as descricao
        from ${linha} where ${aEscrever(id)} group by 1`,
    });
    await deps.db
      .update(mig)
      .set({ loteId, aImportar: contagem.n, importadas: 0, falhasImportacao: 0 })
      .where(eq(mig.id, id));
  } catch (err) {
    await deps.db.update(mig).set({ status: 'ANALISADA', confirmadoEm: null }).where(eq(mig.id, id));
    throw err;
  }
  return obter(deps.db, ctx, id);
}

async function loteDaMigracao(deps: Deps, ctx: Contexto, id: number) {
  const m = await obter(deps.db, ctx, id);
  if (!m.loteId) throw new AppError('MIGRACAO_SITUACAO_INVALIDA');
  return m.loteId;
}

/**
 * Stops the dry run (back to the mapping, its rows gone: the worker finds the run no longer its
 * batch's at its next chunk) or the import (rows not yet written never are; those written stay,
 * and can be undone).
 */
export async function cancelar(deps: Deps, ctx: Contexto, id: number): Promise<Migracao> {
  const m = await obter(deps.db, ctx, id);
  if (m.status !== 'ANALISANDO') {
    await cancelarLote(deps, ctx, await loteDaMigracao(deps, ctx, id), ACESSO_MIGRACAO);
    return obter(deps.db, ctx, id);
  }
  const [r] = await deps.db.select({ loteId: mig.analiseLoteId }).from(mig).where(eq(mig.id, id));
  await deps.db.transaction(async (tx) => {
    const [voltou] = await tx
      .update(mig)
      .set({ status: 'ENVIADA', analisadas: 0, progressoAnalise: 0 })
      .where(and(eq(mig.id, id), eq(mig.status, 'ANALISANDO')))
      .returning({ id: mig.id });
    if (!voltou) throw new AppError('MIGRACAO_SITUACAO_INVALIDA');
    await tx.delete(linha).where(eq(linha.migracaoId, id));
  });
  // The batch may have ended meanwhile (its last chunk found the run cancelled): nothing to stop then.
  if (r?.loteId)
    await cancelarLote(deps, ctx, r.loteId, ACESSO_MIGRACAO).catch((err) => {
      if (!(err instanceof AppError && err.codigo === 'LOTE_SITUACAO_INVALIDA')) throw err;
    });
  return obter(deps.db, ctx, id);
}

/** Undo of the whole run: created records leave the registry, updated fields get their values back. */
export async function desfazer(deps: Deps, ctx: Contexto, id: number): Promise<Migracao> {
  const m = await obter(deps.db, ctx, id);
  if (!m.loteId) throw new AppError('MIGRACAO_SITUACAO_INVALIDA');
  if (m.loteStatus === 'CANCELADO') await desfazerCancelada(deps, ctx, m, m.loteId);
  else await desfazerItens(deps, ctx, m.loteId, {}, ACESSO_MIGRACAO);
  await deps.db.update(mig).set({ status: 'DESFEITA' }).where(eq(mig.id, id));
  return obter(deps.db, ctx, id);
}

/**
 * A cancelled batch is not run again (its items never taken would then be): what it wrote before
 * the cancel is undone here, row by row as the batch's undo does, and its items marked undone.
 */
async function desfazerCancelada(deps: Deps, ctx: Contexto, m: Migracao, loteId: number) {
  const [emAndamento] = await deps.db
    .select({ id: item.id })
    .from(item)
    .where(and(eq(item.loteId, loteId), eq(item.status, 'EM_ANDAMENTO')))
    .limit(1);
  // A row still being written when the batch was cancelled: undo waits for it.
  if (emAndamento) throw new AppError('MIGRACAO_SITUACAO_INVALIDA');
  // Done items, and those whose undo left organizations in use (undone again, as the worker would).
  const feitos = await deps.db
    .select({ id: item.id, referenciaId: item.referenciaId, status: item.status })
    .from(item)
    .where(
      and(eq(item.loteId, loteId), or(eq(item.status, 'OK'), and(eq(item.status, 'ERRO'), eq(item.acao, 'DESFAZER')))),
    );
  for (const f of feitos) {
    try {
      await TIPO_MIGRACAO.desfazer!(deps, {
        id: f.id,
        loteId,
        referenciaId: f.referenciaId,
        resultado: null,
        organizacaoId: m.organizacaoId,
        tentativas: 1,
        parametros: { migracaoId: m.id },
        criadoPor: ctx.usuarioId,
      });
    } catch (err) {
      if (!(err instanceof AppError && err.codigo === 'MIGRACAO_ORGANIZACOES_EM_USO')) throw err;
      await deps.db
        .update(item)
        .set({
          status: 'ERRO',
          acao: 'DESFAZER',
          erroCodigo: err.codigo,
          erroParametros: err.params,
          atualizadoEm: new Date(),
        })
        .where(eq(item.id, f.id));
      if (f.status === 'OK')
        await deps.db
          .update(lote)
          .set({ sucessos: sql`${lote.sucessos} - 1`, erros: sql`${lote.erros} + 1` })
          .where(eq(lote.id, loteId));
      continue;
    }
    await deps.db.update(item).set({ status: 'DESFEITO', atualizadoEm: new Date() }).where(eq(item.id, f.id));
    const desfeitos = sql`${lote.desfeitos} + 1`;
    await deps.db
      .update(lote)
      .set(
        f.status === 'OK'
          ? { sucessos: sql`${lote.sucessos} - 1`, desfeitos }
          : { erros: sql`${lote.erros} - 1`, desfeitos },
      )
      .where(eq(lote.id, loteId));
  }
}
