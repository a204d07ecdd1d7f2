import {
  CADASTRO_POR_RECURSO,
  type CampoCadastro,
  campoRotulo,
  type DefinicaoCadastro,
  hojeNoBrasil,
  type Paged,
  type SelectOpcao,
  type TipoCampo,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { type Idioma, tradutor } from '@sig/i18n';
import { and, asc, desc, eq, getTableColumns, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { getTableConfig, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { OrigemPedido } from './auditoria.js';
import type { Contexto, Deps } from './contexto.js';
import { AppError, erroDeCampo, naoEncontrado, respostaConferida } from './erros.js';
import { filtroCompartilhado, filtroOrganizacao } from './escopo.js';
import { Filhos, type TabelaFilho } from './filhos.js';

export type { TabelaFilho } from './filhos.js';

import { arquivoExportacao, type ColunaArquivo, type FormatoArquivo } from './exportacao.js';
import { registrarAlteracao } from './historico.js';
import { aplicarEscrita, camposOcultos, filtrarLeitura } from './permissoes.js';
import { linhasExistentes, type RegraReferencia } from './referencias.js';
import { colunaQualificada, contemSemAcento, erroPg, nomeNoBanco, VIOLACAO_UNICA } from './sql.js';
import { nomeNoIdioma } from './textos.js';
import { linhaDeSaida, tiposIncompativeis } from './tipos-campo.js';

/**
 * The rules behind every simple registry (CADASTROS): reads without deleted rows, filters and
 * sort keys from the declaration, unique fields, logical delete refused while something still
 * points at the row, change history, field permissions. Most registries are church-wide
 * reference data, where the screen permission alone decides; an organization's registry
 * (`porOrganizacao`) is read and changed within the user's scope. The references a write names
 * are checked before it runs, like every write's (platform/referencias.ts), by the rule the
 * registry gives for its own rows (`regraReferencia`).
 */

export const LIMITE_LISTA = 5_000;
export const LIMITE_EXPORTACAO = 100_000;
const LOTE_EXPORTACAO = 2_000;

/** A registry's label column in the reader's language (its English label when it has one, issue 18). */
function rotuloNoIdioma(
  colunas: Record<string, PgColumn>,
  campoRotulo: string,
  rotulo: PgColumn | SQL,
  idioma: Idioma,
  alias?: SQL,
): SQL {
  if (campoRotulo !== 'nome' || !colunas.nomeEn) return sql`${rotulo}`;
  return nomeNoIdioma(rotulo, alias ? sql`${alias}.${sql.identifier('nome_en')}` : colunas.nomeEn, idioma);
}

/** A registry table: the declaration's fields plus the engine's own columns. */
export type TabelaCadastro = PgTable & {
  id: PgColumn;
  criadoEm: PgColumn;
  atualizadoEm: PgColumn;
  excluidoEm: PgColumn;
};

export type Registro = Record<string, unknown> & { id: number; criadoEm: string; atualizadoEm: string };
export type Filtros = Record<string, unknown> & { ordenarPor?: string; ordem?: 'asc' | 'desc' };
export type Origem = OrigemPedido;

const TEXTUAIS: ReadonlySet<TipoCampo> = new Set([
  'texto',
  'textoLongo',
  'telefone',
  'email',
  'url',
  'cpf',
  'cnpj',
  'cep',
]);
/** Text fields filter by "contains" (accent-insensitive) and compare case-insensitively. */
export const ehTextual = (c: CampoCadastro) => TEXTUAIS.has(c.tipo);

type Chave = { expr: SQL; tipo: 'text' | 'int' | 'boolean' | 'date' | 'numeric' };
type Referencia = { tabela: string; coluna: string; logica: boolean };

const primeiro = <T>(linhas: T[]): T | undefined => linhas[0];

/** How a field travels back (no transforms: the response serializer refuses them). */
function esquemaSaida(c: CampoCadastro): z.ZodType {
  switch (c.tipo) {
    case 'inteiro':
    case 'referencia':
      return z.number().int();
    case 'booleano':
      return z.boolean();
    case 'decimal':
      return z.number();
    case 'referencias':
      return z.array(z.number().int());
    default:
      return z.string();
  }
}

/** The listed references whose label a list answers beside the id (`campoRotulo`). */
const referenciasListadas = (def: DefinicaoCadastro) => def.campos.filter((c) => c.tipo === 'referencia' && c.lista);

/** An export column typed from its field: money, dates, yes/no and options formatted for the reader. */
function colunaDoCampo(c: CampoCadastro, titulo: string, rotulados: ReadonlySet<string>): ColunaArquivo {
  if (rotulados.has(c.nome)) return { titulo };
  switch (c.tipo) {
    case 'dinheiro':
      return { titulo, tipo: 'dinheiro' };
    case 'inteiro':
    case 'decimal':
      return { titulo, tipo: 'numero' };
    case 'data':
      return { titulo, tipo: 'data' };
    case 'booleano':
      return { titulo, tipo: 'simNao' };
    case 'opcao':
      return { titulo, tipo: 'opcao', rotulos: c.rotuloOpcoes ?? `campos:opcao.${c.nome}` };
    default:
      return { titulo };
  }
}

const camposSaida = (campos: readonly CampoCadastro[]) =>
  // Optional: a field the profile may not view is left out of the answer.
  Object.fromEntries(campos.map((c) => [c.nome, esquemaSaida(c).nullable().optional()]));

/** A record as the API answers it: the declared fields (and sub-records), its id and audit times. */
export function esquemaItem(def: DefinicaoCadastro) {
  return z.object({
    id: z.number().int(),
    ...camposSaida(def.campos),
    // Sub-records come with one row (GET /:id and the writes), not with the lists.
    ...Object.fromEntries(
      (def.filhos ?? []).map((f) => [
        f.nome,
        z.array(z.object({ id: z.number().int(), ...camposSaida(f.campos) })).optional(),
      ]),
    ),
    ...(def.porOrganizacao
      ? { organizacaoId: z.number().int(), organizacaoNome: z.string().nullable(), somenteLeitura: z.boolean() }
      : {}),
    // The lists only: the label of each listed reference.
    ...Object.fromEntries(referenciasListadas(def).map((c) => [campoRotulo(c.nome), z.string().nullable().optional()])),
    criadoEm: z.string(),
    atualizadoEm: z.string(),
  });
}

export class MotorCadastro {
  private readonly colunas: Record<string, PgColumn>;
  private readonly nomeTabela: string;
  private readonly selecao: Record<string, PgColumn>;
  private referencias: Promise<Referencia[]> | undefined;

  private readonly colunaOrganizacao: PgColumn | undefined;
  private readonly rotulos: Record<Idioma, Record<string, SQL.Aliased<string | null>>> = { 'pt-BR': {}, en: {} };
  private readonly filhos: Filhos;
  private readonly saida: z.ZodType;

  constructor(
    private readonly deps: Deps,
    readonly def: DefinicaoCadastro,
    private readonly tabela: TabelaCadastro,
    private readonly tabelaDe: (recurso: string) => TabelaCadastro | undefined,
    tabelasFilhos: Readonly<Record<string, TabelaFilho>> = {},
  ) {
    this.filhos = new Filhos(def.filhos ?? [], tabelasFilhos);
    this.saida = esquemaItem(def);
    this.colunas = getTableColumns(tabela) as Record<string, PgColumn>;
    this.nomeTabela = getTableConfig(tabela).name;
    const faltam = def.campos.map((c) => c.nome).filter((n) => !this.colunas[n]);
    faltam.push(...tiposIncompativeis(def.campos, this.colunas));
    faltam.push(...this.filhos.faltando());
    this.colunaOrganizacao = def.porOrganizacao ? this.colunas.organizacaoId : undefined;
    if (def.porOrganizacao && !this.colunaOrganizacao) faltam.push('organizacaoId');
    referenciasListadas(def).forEach((c, i) => {
      const rotulo = this.rotuloDaReferencia(c, i, 'pt-BR');
      if (rotulo) {
        this.rotulos['pt-BR'][campoRotulo(c.nome)] = rotulo;
        this.rotulos.en[campoRotulo(c.nome)] = this.rotuloDaReferencia(c, i, 'en')!;
      } else faltam.push(`${c.nome}→${c.referencia} (a registry, whose label the list shows)`);
    });
    if (faltam.length) throw new Error(`Registry ${def.recurso}: table ${this.nomeTabela} lacks ${faltam.join(', ')}`);
    this.selecao = { id: tabela.id, criadoEm: tabela.criadoEm, atualizadoEm: tabela.atualizadoEm };
    for (const c of def.campos) this.selecao[c.nome] = this.colunas[c.nome]!;
    if (this.colunaOrganizacao) this.selecao.organizacaoId = this.colunaOrganizacao;
  }

  /**
   * The label of the registry row a listed reference points to, read in the list's own query.
   * The target is aliased and the outer column qualified: a registry may point at itself (a
   * degree's reciprocal), and drizzle writes a single-table select's columns unqualified.
   */
  private rotuloDaReferencia(c: CampoCadastro, i: number, idioma: Idioma): SQL.Aliased<string | null> | undefined {
    const alvo = c.referencia ? CADASTRO_POR_RECURSO.get(c.referencia) : undefined;
    const tabela = c.referencia ? this.tabelaDe(c.referencia) : undefined;
    const colunas = tabela ? (getTableColumns(tabela) as Record<string, PgColumn>) : {};
    if (!alvo || !tabela || !colunas[alvo.rotulo]) return undefined;
    const r = sql.identifier(`rotulo_${i}`);
    const rotulo = rotuloNoIdioma(
      colunas,
      alvo.rotulo,
      sql`${r}.${sql.identifier(nomeNoBanco(alvo.rotulo))}`,
      idioma,
      sql`${r}`,
    );
    const fora = colunaQualificada(this.coluna(c.nome));
    return sql<string | null>`(select ${rotulo} from ${tabela} ${r} where ${r}.id = ${fora})`.as(`rotulo_${i}`);
  }

  /** A list's selection: the row's, plus the labels of its listed references. */
  private selecaoDaLista(ctx: Contexto) {
    return { ...this.selecaoPara(ctx), ...this.rotulos[ctx.idioma] };
  }

  /** Read rules on a listed row: a hidden reference takes its label with it. */
  private lerDaLista(ctx: Contexto, r: Registro): Registro {
    const lido: Record<string, unknown> = filtrarLeitura(ctx, this.def.acesso, r);
    for (const c of referenciasListadas(this.def)) if (!(c.nome in lido)) delete lido[campoRotulo(c.nome)];
    return lido as Registro;
  }

  /** Organization registries also say whose row it is and whether the user may change it. */
  private selecaoPara(ctx: Contexto): Record<string, PgColumn | SQL.Aliased> {
    const col = this.colunaOrganizacao;
    if (!col) return this.selecao;
    return {
      ...this.selecao,
      organizacaoNome: sql<string>`(select o.nome_fantasia from ${schema.organizacao} o where o.id = ${col})`.as(
        'organizacao_nome',
      ),
      somenteLeitura: sql<boolean>`not (${filtroOrganizacao(ctx, this.def.acesso, col)})`.as('somente_leitura'),
    };
  }

  /**
   * Rows an organization registry shows: those of the user's scope, and those of the
   * organizations above shared with the ones below (read-only).
   */
  private visiveis(ctx: Contexto, acesso: string = this.def.acesso): SQL | undefined {
    const col = this.colunaOrganizacao;
    if (!col) return undefined;
    const flag = this.def.porOrganizacao!.hierarquia;
    return filtroCompartilhado(ctx, acesso, col, flag ? this.colunas[flag] : undefined);
  }

  /**
   * The rows a write elsewhere may name: those the writer would see here (an organization's
   * registry: its scope's and those shared from above), under the screen of that write.
   */
  regraReferencia(): RegraReferencia {
    return linhasExistentes(this.tabela, (ctx, acesso) => this.visiveis(ctx, acesso));
  }

  /** Rows the user may change: only those of the scope. */
  private alteraveis(ctx: Contexto): SQL | undefined {
    return this.colunaOrganizacao ? filtroOrganizacao(ctx, this.def.acesso, this.colunaOrganizacao) : undefined;
  }

  private get db() {
    return this.deps.db;
  }

  private coluna(nome: string): PgColumn {
    return nome === 'id' ? this.tabela.id : this.colunas[nome]!;
  }

  private campo(nome: string): CampoCadastro | undefined {
    return this.def.campos.find((c) => c.nome === nome);
  }

  /** Sort keys never null, so that (key, id) is a total order the export can page through by keyset. */
  private chave(nome: string): Chave {
    const col = this.coluna(nome);
    const c = this.campo(nome);
    if (!c) return { expr: sql`${col}`, tipo: 'int' };
    switch (c.tipo) {
      case 'inteiro':
      case 'referencia':
        return { expr: sql`coalesce(${col}, -2147483648)`, tipo: 'int' };
      case 'booleano':
        return { expr: sql`coalesce(${col}, false)`, tipo: 'boolean' };
      case 'data':
        return { expr: sql`coalesce(${col}, '0001-01-01'::date)`, tipo: 'date' };
      case 'dinheiro':
      case 'decimal':
        return { expr: sql`coalesce(${col}, 0)`, tipo: 'numeric' };
      default:
        return { expr: sql`lower(coalesce(${col}, ''))`, tipo: 'text' };
    }
  }

  private ordenacao(ctx: Contexto, f: Filtros) {
    const ocultos = camposOcultos(ctx, this.def.acesso);
    const pedido = f.ordenarPor && !ocultos.has(f.ordenarPor) ? f.ordenarPor : undefined;
    return {
      chave: this.chave(pedido ?? this.def.ordemPadrao),
      direcao: f.ordem === 'desc' ? desc : asc,
      decrescente: f.ordem === 'desc',
    };
  }

  /** Filters on fields the profile may not see are ignored: they would reveal the hidden values. */
  private condicoes(ctx: Contexto, f: Filtros): SQL | undefined {
    const ocultos = camposOcultos(ctx, this.def.acesso);
    const partes: (SQL | undefined)[] = [isNull(this.tabela.excluidoEm), this.visiveis(ctx)];
    for (const c of this.def.campos) {
      const v = f[c.nome];
      if (!c.filtro || ocultos.has(c.nome) || v === undefined || v === null || v === '') continue;
      const col = this.coluna(c.nome);
      partes.push(ehTextual(c) ? contemSemAcento(col, String(v)) : eq(col, v));
    }
    return and(...partes);
  }

  private paraRegistro(linha: Record<string, unknown>): Registro {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(linha)) out[k] = v instanceof Date ? v.toISOString() : v;
    return linhaDeSaida(this.def.campos, out) as Registro;
  }

  private paraHistorico(r: Record<string, unknown>) {
    return Object.fromEntries(this.def.campos.map((c) => [c.nome, r[c.nome] ?? null]));
  }

  async listar(ctx: Contexto): Promise<Registro[]> {
    const { chave } = this.ordenacao(ctx, {});
    const linhas = await this.db
      .select(this.selecaoDaLista(ctx))
      .from(this.tabela)
      .where(and(isNull(this.tabela.excluidoEm), this.visiveis(ctx)))
      .orderBy(asc(chave.expr), asc(this.tabela.id))
      .limit(LIMITE_LISTA);
    return linhas.map((l) => this.lerDaLista(ctx, this.paraRegistro(l)));
  }

  async paginado(ctx: Contexto, q: Filtros & { pagina: number; quantidade: number }): Promise<Paged<Registro>> {
    const onde = this.condicoes(ctx, q);
    const { chave, direcao } = this.ordenacao(ctx, q);
    const [linhas, contagem] = await Promise.all([
      this.db
        .select(this.selecaoDaLista(ctx))
        .from(this.tabela)
        .where(onde)
        .orderBy(direcao(chave.expr), direcao(this.tabela.id))
        .limit(q.quantidade)
        .offset((q.pagina - 1) * q.quantidade),
      this.db.select({ n: sql<number>`count(*)::int` }).from(this.tabela).where(onde),
    ]);
    return {
      itens: linhas.map((l) => this.lerDaLista(ctx, this.paraRegistro(l))),
      total: primeiro(contagem)?.n ?? 0,
      pagina: q.pagina,
      quantidade: q.quantidade,
    };
  }

  /** Options for selects: active rows only; `busca` narrows by the label, filters as in the list. */
  async opcoes(ctx: Contexto, q: Filtros & { busca?: string }): Promise<SelectOpcao[]> {
    const rotulo = rotuloNoIdioma(this.colunas, this.def.rotulo, this.coluna(this.def.rotulo), ctx.idioma);
    const ativo = this.colunas.ativo;
    const { chave } = this.ordenacao(ctx, {});
    return this.db
      .select({ value: sql<number>`${this.tabela.id}`, label: sql<string>`${rotulo}` })
      .from(this.tabela)
      .where(
        and(
          this.condicoes(ctx, q),
          ativo ? eq(ativo, true) : undefined,
          q.busca ? contemSemAcento(rotulo, q.busca) : undefined,
        ),
      )
      .orderBy(asc(chave.expr), asc(this.tabela.id))
      .limit(LIMITE_LISTA);
  }

  /** A row by id, within `onde` (visibility or scope); out of it reads as not found. */
  private async carregar(db: DbOuTx, id: number, onde: SQL | undefined, bloquear = false): Promise<Registro> {
    const consulta = db
      .select(this.selecao)
      .from(this.tabela)
      .where(and(eq(this.tabela.id, id), isNull(this.tabela.excluidoEm), onde));
    const linha = primeiro(bloquear ? await consulta.for('update') : await consulta);
    if (!linha) throw naoEncontrado();
    return this.paraRegistro(linha);
  }

  async obter(ctx: Contexto, id: number, db: DbOuTx = this.db): Promise<Registro> {
    const linha = primeiro(
      await db
        .select(this.selecaoPara(ctx))
        .from(this.tabela)
        .where(and(eq(this.tabela.id, id), isNull(this.tabela.excluidoEm), this.visiveis(ctx))),
    );
    if (!linha) throw naoEncontrado();
    const r = { ...this.paraRegistro(linha), ...(await this.filhos.carregar(db, id)) } as Registro;
    return filtrarLeitura(ctx, this.def.acesso, r);
  }

  /**
   * A write's answer, read inside its transaction and checked against the output schema there:
   * an answer the serializer would refuse fails the request and rolls the write back, instead of
   * a 500 over a record that was saved anyway (and saved again on every retry).
   */
  private async resposta(tx: DbOuTx, ctx: Contexto, id: number): Promise<Registro> {
    return respostaConferida(this.saida, await this.obter(ctx, id, tx), `${this.def.recurso} ${id}`);
  }

  /** A tree row may not hang below itself: walk up from the new parent (spec: classifications). */
  private async exigirSemCiclo(tx: DbOuTx, id: number | null, dados: Record<string, unknown>) {
    const campo = this.def.pai;
    const paiId = campo ? dados[campo] : null;
    if (!campo || id === null || typeof paiId !== 'number') return;
    const col = sql.identifier(nomeNoBanco(campo));
    const r = (await tx.execute(
      sql`with recursive acima(id, pai) as (
            select id, ${col} from ${this.tabela} where id = ${paiId}
            union select t.id, t.${col} from ${this.tabela} t join acima a on t.id = a.pai)
          select exists (select 1 from acima where id = ${id}) as ciclo`,
    )) as unknown as { rows: { ciclo: boolean }[] };
    if (r.rows[0]?.ciclo) throw erroDeCampo(campo, 'cicloArvore');
  }

  private erroDuplicado(campo: string) {
    return new AppError('NOME_DUPLICADO', {}, [{ campo, mensagem: 'validacao:valorDuplicado' }]);
  }

  private async exigirUnicos(tx: DbOuTx, dados: Record<string, unknown>, organizacaoId: unknown, ignorarId?: number) {
    const daOrganizacao = this.colunaOrganizacao ? eq(this.colunaOrganizacao, organizacaoId) : undefined;
    for (const nome of this.def.unicos ?? []) {
      const v = dados[nome];
      if (v === null || v === undefined || v === '') continue;
      const col = this.coluna(nome);
      const campo = this.campo(nome);
      const igual = campo && ehTextual(campo) ? sql`lower(${col}) = lower(${String(v)})` : eq(col, v);
      const outro = primeiro(
        await tx
          .select({ id: this.tabela.id })
          .from(this.tabela)
          .where(
            and(
              igual,
              daOrganizacao,
              isNull(this.tabela.excluidoEm),
              ignorarId ? ne(this.tabela.id, ignorarId) : undefined,
            ),
          )
          .limit(1),
      );
      if (outro) throw this.erroDuplicado(nome);
    }
  }

  /**
   * Two writers racing past the check meet the unique index; its name (`<tabela>_<coluna>_uq`)
   * says which field it is about.
   */
  private traduzirUnico = (erro: unknown): never => {
    const pg = erroPg(erro);
    if (pg.code !== VIOLACAO_UNICA) throw erro;
    const campo =
      this.def.campos.find((c) => pg.constraint === `${this.nomeTabela}_${nomeNoBanco(c.nome)}_uq`)?.nome ??
      this.filhos.colecaoDaRestricao(pg.constraint) ??
      this.def.unicos?.[0] ??
      this.def.rotulo;
    throw this.erroDuplicado(campo);
  };

  /** A field left empty takes its declared default (`ordem` 0), as the form would have shown it. */
  private valores(dados: Record<string, unknown>): Record<string, unknown> {
    return Object.fromEntries(this.def.campos.map((c) => [c.nome, dados[c.nome] ?? c.padrao ?? null]));
  }

  /** The row and its sub-records as the history keeps them. */
  private async historicoCompleto(tx: DbOuTx, r: Record<string, unknown>, id: number) {
    if (!this.def.filhos?.length) return this.paraHistorico(r);
    return { ...this.paraHistorico(r), ...(await this.filhos.carregar(tx, id)) };
  }

  async criar(ctx: Contexto, corpoBruto: unknown, entrada: Record<string, unknown>): Promise<Registro> {
    const dados = aplicarEscrita(ctx, this.def.acesso, corpoBruto, entrada, null);
    return this.db
      .transaction(async (tx) => {
        await this.exigirUnicos(tx, dados, ctx.organizacaoId);
        const valores = this.valores(dados);
        if (this.colunaOrganizacao) valores.organizacaoId = ctx.organizacaoId;
        const linha = primeiro(
          await tx
            .insert(this.tabela)
            .values(valores as TabelaCadastro['$inferInsert'])
            .returning(this.selecao),
        )!;
        const r = this.paraRegistro(linha);
        await this.filhos.salvar(tx, r.id, dados, true);
        await registrarAlteracao(tx, ctx, this.def.recurso, r.id, null, await this.historicoCompleto(tx, r, r.id));
        return this.resposta(tx, ctx, r.id);
      })
      .catch(this.traduzirUnico);
  }

  async atualizar(ctx: Contexto, id: number, corpoBruto: unknown, entrada: Record<string, unknown>): Promise<Registro> {
    return this.db
      .transaction(async (tx) => {
        const anterior = await this.carregar(tx, id, this.alteraveis(ctx), true);
        const dados = aplicarEscrita(ctx, this.def.acesso, corpoBruto, entrada, anterior);
        await this.exigirSemCiclo(tx, id, dados);
        await this.exigirUnicos(tx, dados, anterior.organizacaoId, id);
        const historicoAntes = await this.historicoCompleto(tx, anterior, id);
        const linha = primeiro(
          await tx
            .update(this.tabela)
            .set({ ...this.valores(dados), atualizadoEm: new Date() } as TabelaCadastro['$inferInsert'])
            .where(eq(this.tabela.id, id))
            .returning(this.selecao),
        )!;
        await this.filhos.salvar(tx, id, dados, false);
        const r = this.paraRegistro(linha);
        await registrarAlteracao(
          tx,
          ctx,
          this.def.recurso,
          id,
          historicoAntes,
          await this.historicoCompleto(tx, r, id),
        );
        return this.resposta(tx, ctx, id);
      })
      .catch(this.traduzirUnico);
  }

  /**
   * Which columns point at this table, read once from the catalogue (pg_constraint) on the first
   * delete. A logical delete never trips a foreign key, so the engine asks instead; reading the
   * catalogue keeps every table that references a registry — today's and tomorrow's — counted
   * without a hand-kept list.
   */
  private carregarReferencias(tx: DbOuTx): Promise<Referencia[]> {
    // Read through the caller's transaction: embedded PGlite has one connection, which it holds.
    this.referencias ??= tx
      .execute(
        sql`select cl.relname as tabela, a.attname as coluna,
              exists (select 1 from pg_attribute x where x.attrelid = c.conrelid and x.attname = 'excluido_em' and not x.attisdropped) as logica
            from pg_constraint c
            join pg_class cl on cl.oid = c.conrelid
            join pg_attribute a on a.attrelid = c.conrelid and a.attnum = any (c.conkey)
            where c.contype = 'f' and c.confrelid = ${this.nomeTabela}::regclass
            order by 1, 2`,
      )
      .then((r) => (r as unknown as { rows: Referencia[] }).rows)
      .catch((e: unknown) => {
        this.referencias = undefined;
        throw e;
      });
    return this.referencias;
  }

  /**
   * In use = some row not deleted (or of a table without logical delete) points at it; the
   * registry's own sub-records do not count (they go with it).
   */
  private async emUso(tx: DbOuTx, id: number): Promise<boolean> {
    const proprios = this.filhos.nomesTabelas;
    const refs = (await this.carregarReferencias(tx)).filter((r) => !proprios.has(r.tabela));
    if (!refs.length) return false;
    const testes = refs.map(
      (r) =>
        sql`exists (select 1 from ${sql.identifier(r.tabela)} where ${sql.identifier(r.coluna)} = ${id}${
          r.logica ? sql` and excluido_em is null` : sql``
        })`,
    );
    const r = (await tx.execute(sql`select (${sql.join(testes, sql` or `)}) as em_uso`)) as unknown as {
      rows: { em_uso: boolean }[];
    };
    return !!r.rows[0]?.em_uso;
  }

  async excluir(ctx: Contexto, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      // The row lock waits for (and then sees) any insert that is taking a reference to it right now.
      const anterior = await this.carregar(tx, id, this.alteraveis(ctx), true);
      if (await this.emUso(tx, id)) throw new AppError('REGISTRO_EM_USO');
      await tx
        .update(this.tabela)
        .set({ excluidoEm: new Date(), atualizadoEm: new Date() } as TabelaCadastro['$inferInsert'])
        .where(eq(this.tabela.id, id));
      await this.filhos.excluirTodos(tx, id);
      await registrarAlteracao(tx, ctx, this.def.recurso, id, this.paraHistorico(anterior), null);
    });
  }

  /**
   * The filtered set as CSV or XLSX, read in keyset batches of (sort key, id): memory stays
   * flat and no transaction is held while the client downloads. Hidden fields are left out.
   */
  async exportar(ctx: Contexto, f: Filtros, formato: FormatoArquivo, origem: Origem) {
    const onde = this.condicoes(ctx, f);
    const contagem = primeiro(
      await this.db
        .select({ n: sql<number>`count(*)::int` })
        .from(sql`(select 1 from ${this.tabela} where ${onde ?? sql`true`} limit ${LIMITE_EXPORTACAO + 1}) as x`),
    );
    const total = contagem?.n ?? 0;
    this.deps.auditoria.exportacao(ctx, this.def.acesso, origem);
    const ocultos = camposOcultos(ctx, this.def.acesso);
    const campos = this.def.campos.filter((c) => !ocultos.has(c.nome));
    // A listed reference is written as its label, as the list shows it, not as an id.
    const rotulados = new Set(referenciasListadas(this.def).map((c) => c.nome));
    const chaves = ['id', ...campos.map((c) => (rotulados.has(c.nome) ? campoRotulo(c.nome) : c.nome))];
    const t = tradutor(ctx.idioma);
    const data = hojeNoBrasil();
    return {
      nomeArquivo: `${this.def.recurso}-${data}.${formato}`,
      linhas: Math.min(total, LIMITE_EXPORTACAO),
      truncada: total > LIMITE_EXPORTACAO,
      conteudo: arquivoExportacao(formato, {
        titulo: this.def.recurso,
        idioma: ctx.idioma,
        colunas: [
          { titulo: t('campos:id'), tipo: 'numero' },
          ...campos.map((c) => colunaDoCampo(c, t(`campos:${c.nome}`, { defaultValue: c.nome }), rotulados)),
        ],
        lotes: this.lotes(onde, this.ordenacao(ctx, f), chaves, ctx.idioma),
      }),
    };
  }

  private async *lotes(
    onde: SQL | undefined,
    ordem: ReturnType<MotorCadastro['ordenacao']>,
    colunas: readonly string[],
    idioma: Idioma,
  ): AsyncGenerator<unknown[][]> {
    const { chave, direcao } = ordem;
    let depois: { chave: string; id: number } | null = null;
    let enviadas = 0;
    while (enviadas < LIMITE_EXPORTACAO) {
      const tamanho = Math.min(LOTE_EXPORTACAO, LIMITE_EXPORTACAO - enviadas);
      const posicao: SQL | undefined = depois
        ? sql`(${chave.expr}, ${this.tabela.id}) ${ordem.decrescente ? sql`<` : sql`>`} (${depois.chave}::${sql.raw(chave.tipo)}, ${depois.id}::int)`
        : undefined;
      const linhas: Record<string, unknown>[] = await this.db
        .select({ ...this.selecao, ...this.rotulos[idioma], chaveOrdem: sql<string>`(${chave.expr})::text` })
        .from(this.tabela)
        .where(and(onde, posicao))
        .orderBy(direcao(chave.expr), direcao(this.tabela.id))
        .limit(tamanho);
      if (!linhas.length) return;
      yield linhas.map((l) => colunas.map((c) => l[c] ?? null));
      enviadas += linhas.length;
      const ultima = linhas[linhas.length - 1]!;
      depois = { chave: String(ultima.chaveOrdem), id: Number(ultima.id) };
      if (linhas.length < tamanho) return;
    }
  }
}
