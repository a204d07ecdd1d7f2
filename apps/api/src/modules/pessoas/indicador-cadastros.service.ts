import {
  FAIXAS_ETARIAS,
  hojeNoBrasil,
  type IndicadorCadastros,
  type IndicadorCadastrosQuery,
  MAXIMO_BALDES_INDICADOR,
  type MovimentoCadastros,
  type MovimentoListQuery,
  type MovimentoResumo,
  type Paged,
} from '@sig/contracts';
import { schema } from '@sig/db';
import type { Idioma } from '@sig/i18n';
import { and, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { entreOrganizacoes, organizacoesEscolhidas } from '../../platform/escopo.js';
import { baldesDoPeriodo, periodoPedido } from '../../platform/indicadores.js';
import { nomeCompletoPessoa } from '../../platform/sql.js';
import { nomeNoIdioma } from '../../platform/textos.js';
import { cadastroCompleto } from './pessoa.service.js';

const {
  pessoa,
  pessoaIntegracao: integ,
  organizacao,
  pessoaResumo: resumo,
  pessoaResumoOrganizacao: resumoOrganizacao,
  pessoaMovimentoPerfil: movimentoPerfil,
} = schema;
const ACESSO = 'IndicadoresCadastros';
const rows = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** `date_trunc`'s unit of each grouping (`periodo`: 0 days, 1 months, 2 years). */
const UNIDADES = ['day', 'month', 'year'] as const;
/** A unit's start as its bucket's key (`2026-11-16`, `2026-11`, `2026`), as baldesDoPeriodo names them. */
const chaveDoInicio = (inicio: string, periodo: number) => inicio.slice(0, [10, 7, 4][periodo]);

/**
 * The period asked for; without a start, the ten units up to its end (ten months unless another
 * grouping is chosen), so the movements read as a series.
 */
function periodoDoIndicador(f: IndicadorCadastrosQuery, hoje: string) {
  if (f.periodoDe) return periodoPedido(f, hoje);
  const periodoAte = f.periodoAte ?? hoje;
  const [ano, mes, dia] = periodoAte.split('-').map(Number) as [number, number, number];
  const inicio = [
    new Date(Date.UTC(ano, mes - 1, dia - (MAXIMO_BALDES_INDICADOR - 1))),
    new Date(Date.UTC(ano, mes - MAXIMO_BALDES_INDICADOR, 1)),
    new Date(Date.UTC(ano - (MAXIMO_BALDES_INDICADOR - 1), 0, 1)),
  ][f.periodo]!;
  return periodoPedido({ periodoDe: inicio.toISOString().slice(0, 10), periodoAte }, hoje);
}

// ---------------------------------------------------------------- queries

/** The filters on the person (type, status, holder, complete record), without the organization. */
function filtrosDaPessoa(
  f: Pick<IndicadorCadastrosQuery, 'tiposPessoaIds' | 'status' | 'titular' | 'cadastroCompleto'>,
): SQL[] {
  const partes: SQL[] = [isNull(pessoa.excluidoEm)];
  if (f.tiposPessoaIds?.length) partes.push(sql`${pessoa.tipoPessoaId} in ${f.tiposPessoaIds}`);
  if (f.status?.length) partes.push(sql`${pessoa.status} in ${f.status}`);
  if (f.titular !== undefined) partes.push(sql`${pessoa.titular} = ${f.titular}`);
  if (f.cadastroCompleto !== undefined)
    partes.push(f.cadastroCompleto ? cadastroCompleto : sql`not ${cadastroCompleto}`);
  return partes;
}

/** The same filters on a roll-up (`pessoa_resumo` or `pessoa_resumo_organizacao`, aliased `r`). */
function filtrosDoResumo(f: IndicadorCadastrosQuery, r: SQL): SQL[] {
  const partes: SQL[] = [];
  if (f.tiposPessoaIds?.length) partes.push(sql`${r}.tipo_pessoa_id in ${f.tiposPessoaIds}`);
  if (f.status?.length) partes.push(sql`${r}.status in ${f.status}`);
  if (f.titular !== undefined) partes.push(sql`${r}.titular = ${f.titular}`);
  if (f.cadastroCompleto !== undefined) partes.push(sql`${r}.completo = ${f.cadastroCompleto}`);
  return partes;
}

/** A movement's kind, from the integration record's type and form. */
const CLASSES: Record<keyof MovimentoCadastros, SQL> = {
  admissoes: sql`i.tipo = 'INTEGRACAO' and i.forma <> 'TRANSFERENCIA'`,
  transferenciasRecebidas: sql`i.tipo = 'INTEGRACAO' and i.forma = 'TRANSFERENCIA'`,
  desligamentos: sql`i.tipo = 'DESLIGAMENTO' and i.forma not in ('FALECIMENTO', 'TRANSFERENCIA')`,
  falecimentos: sql`i.tipo = 'DESLIGAMENTO' and i.forma = 'FALECIMENTO'`,
  transferenciasEnviadas: sql`i.tipo = 'DESLIGAMENTO' and i.forma = 'TRANSFERENCIA'`,
};
const CLASSES_NOMES = Object.keys(CLASSES) as (keyof MovimentoCadastros)[];
const vazio: MovimentoCadastros = {
  admissoes: 0,
  transferenciasRecebidas: 0,
  desligamentos: 0,
  falecimentos: 0,
  transferenciasEnviadas: 0,
};

/** Age bands by the age reached this year (FAIXAS_ETARIAS), from the roll-up's birth year (0: none). */
const faixa = (ano: number) => {
  const idade = sql`${ano} - r.ano_nascimento`;
  return sql`case when r.ano_nascimento = 0 then 'SEM_DATA' when ${idade} < 12 then '0-11'
    when ${idade} < 18 then '12-17' when ${idade} < 30 then '18-29' when ${idade} < 45 then '30-44'
    when ${idade} < 60 then '45-59' when ${idade} < 75 then '60-74' else '75+' end`;
};

type Grupo = {
  tipo: number | null;
  status: string | null;
  sexo: string | null;
  faixa: string | null;
  titular: boolean | null;
  completo: boolean | null;
  g: number;
  total: number;
};

/**
 * Spec §2 /indicadores/cadastros: who the filters select now, by type, status, sex, age band,
 * holder and complete record, per organization below the chosen one (ranked), and the members'
 * integrations and withdrawals over the period in at most ten buckets beside the previous period.
 */
export async function indicador(deps: Deps, ctx: Contexto, f: IndicadorCadastrosQuery): Promise<IndicadorCadastros> {
  const hoje = hojeNoBrasil();
  const pedido = periodoDoIndicador(f, hoje);
  // The platform's buckets: the cards' movements count exactly the days the chart's buckets cover.
  const b = baldesDoPeriodo(pedido.periodoDe, pedido.periodoAte, f.periodo);
  const raizId = f.organizacaoId ?? ctx.organizacaoId;
  const ids = await organizacoesEscolhidas(deps, ctx, ACESSO, raizId, f.somenteMinhaOrganizacao);
  // One id: the organization alone (own only, or no organization below it).
  const somenteEla = ids.length === 1;
  const r: Recorte = { ...b, u: UNIDADES[f.periodo]!, periodo: f.periodo, raizId, somenteEla };
  const doResumo = (r: SQL) =>
    and(...filtrosDoResumo(f, r), sql`${r}.organizacao_id = ${raizId}`, sql`${r}.subarvore = ${!somenteEla}`)!;
  const [grupos, porOrganizacao, movimentos] = await Promise.all([
    rows<Grupo>(
      await deps.db.execute(sql`select tipo, status, sexo, faixa, titular, completo,
          grouping(tipo, status, sexo, faixa, titular, completo)::int as g, sum(pessoas)::int as total
        from (select nullif(r.tipo_pessoa_id, 0) as tipo, r.status, nullif(r.sexo, '') as sexo,
            ${faixa(Number(hoje.slice(0, 4)))} as faixa, r.titular, r.completo, r.pessoas
          from ${resumo} r where ${doResumo(sql`r`)}) p
        group by grouping sets ((tipo), (status), (sexo), (faixa), (titular), (completo), ())
        having sum(pessoas) > 0`),
    ),
    porOrganizacaoFilha(deps, raizId, somenteEla, f),
    movimentosPorUnidade(deps, f, r),
  ]);
  // Each unit's counts go to its period's total and to the bucket of that unit, when shown.
  const somaEm = (alvo: MovimentoCadastros, linha: MovimentoCadastros) => {
    for (const c of CLASSES_NOMES) alvo[c] += linha[c];
  };
  const movimento = { ...vazio };
  const movimentoAnterior = { ...vazio };
  const porChave = new Map([...b.atuais, ...b.anteriores].map((x) => [x.chave, { ...x, ...vazio }]));
  for (const m of movimentos) {
    somaEm(m.atual ? movimento : movimentoAnterior, m);
    const balde = porChave.get(chaveDoInicio(m.inicio, f.periodo));
    if (balde) somaEm(balde, m);
  }
  const tipos = await nomesDosTipos(deps, grupos, ctx.idioma);
  // grouping() has one bit per argument, the first the highest: 0b011111 is "by type".
  const de = (bit: number) => grupos.filter((g) => g.g === 0b111111 - (1 << bit));
  const total = grupos.find((g) => g.g === 0b111111)?.total ?? 0;
  const conta = (lista: Grupo[], chave: (g: Grupo) => string) =>
    lista
      .map((g) => ({ chave: chave(g), total: g.total }))
      .sort((a, b) => b.total - a.total || a.chave.localeCompare(b.chave));
  const porFaixa = new Map(de(2).map((g) => [g.faixa!, g.total]));
  return {
    periodoDe: b.periodoDe,
    periodoAte: b.periodoAte,
    recortado: b.recortado,
    anteriorDe: b.anteriorDe,
    anteriorAte: b.anteriorAte,
    pessoas: total,
    titulares: de(1).find((g) => g.titular)?.total ?? 0,
    completos: de(0).find((g) => g.completo)?.total ?? 0,
    movimento,
    movimentoAnterior,
    serie: b.atuais.map((x) => porChave.get(x.chave)!),
    serieAnterior: b.anteriores.map((x) => porChave.get(x.chave)!),
    porTipo: conta(de(5), (g) => (g.tipo === null ? '' : String(g.tipo))).map((c) => ({
      ...c,
      nome: tipos.get(c.chave) ?? '',
    })),
    porStatus: conta(de(4), (g) => g.status!),
    porSexo: conta(de(3), (g) => g.sexo ?? ''),
    porFaixaEtaria: FAIXAS_ETARIAS.filter((c) => porFaixa.has(c)).map((c) => ({ chave: c, total: porFaixa.get(c)! })),
    porOrganizacao,
  };
}

type Recorte = {
  periodoDe: string;
  periodoAte: string;
  anteriorDe: string;
  anteriorAte: string;
  u: (typeof UNIDADES)[number];
  periodo: number;
  raizId: number;
  somenteEla: boolean;
};

const lerData = (s: string) => new Date(`${s}T00:00:00Z`);
const diaSeguinte = (s: string) => new Date(lerData(s).getTime() + 86_400_000).toISOString().slice(0, 10);
/** The start of the month (`grao` 1) or year (2) of the day, and the first start on or after it. */
const inicioAntes = (s: string, grao: number) => (grao === 1 ? `${s.slice(0, 7)}-01` : `${s.slice(0, 4)}-01-01`);
const inicioDepois = (s: string, grao: number) => {
  const antes = inicioAntes(s, grao);
  if (antes === s) return s;
  const d = lerData(antes);
  return new Date(Date.UTC(d.getUTCFullYear() + (grao === 2 ? 1 : 0), d.getUTCMonth() + (grao === 1 ? 1 : 0), 1))
    .toISOString()
    .slice(0, 10);
};

/**
 * Days `de` (inclusive) to `fim` (exclusive) as ranges of the roll-up's units, the coarsest first
 * up to `grao` (0 day, 1 month, 2 year): ten years are nine years, some months and some days.
 */
function faixasDoPeriodo(de: string, fim: string, grao: number): [number, string, string][] {
  if (de >= fim) return [];
  if (grao === 0) return [[0, de, fim]];
  const [a, b] = [inicioDepois(de, grao), inicioAntes(fim, grao)];
  if (a >= b) return faixasDoPeriodo(de, fim, grao - 1);
  return [...faixasDoPeriodo(de, a, grao - 1), [grao, a, b], ...faixasDoPeriodo(b, fim, grao - 1)];
}

/**
 * The movements of both periods per unit (day, month or year), from the roll-up
 * `pessoa_movimento_perfil` (migration 0066, ADR 0033): the chosen organization's rows (its
 * subtree's, or its own alone) in each period's ranges of whole years, months and days no coarser
 * than the grouping, under the person filters as the person is now. A record of a deleted person
 * counts only when no person filter is asked for, as the list behind it joins the person then.
 */
async function movimentosPorUnidade(deps: Deps, f: IndicadorCadastrosQuery, r: Recorte) {
  type Linha = MovimentoCadastros & { inicio: string; atual: boolean };
  const filtros = filtrosDoResumo(f, sql`m`);
  const faixas = [
    ...faixasDoPeriodo(r.anteriorDe, diaSeguinte(r.anteriorAte), r.periodo),
    ...faixasDoPeriodo(r.periodoDe, diaSeguinte(r.periodoAte), r.periodo),
  ].map(([g, de, fim]) => sql`(m.grao = ${g} and m.inicio >= ${de}::date and m.inicio < ${fim}::date)`);
  const somas = sql.join(
    CLASSES_NOMES.map(
      (c) => sql`(coalesce(sum(m.quantidade) filter (where m.movimento = ${c}), 0))::int as ${sql.identifier(c)}`,
    ),
    sql`, `,
  );
  return rows<Linha>(
    await deps.db.execute(sql`select to_char(date_trunc(${r.u}, m.inicio), 'YYYY-MM-DD') as inicio,
        m.inicio >= ${r.periodoDe}::date as atual, ${somas}
      from ${movimentoPerfil} m
      where ${and(
        sql`m.organizacao_id = ${r.raizId}`,
        sql`m.subarvore = ${!r.somenteEla}`,
        sql`(${sql.join(faixas, sql` or `)})`,
        ...(filtros.length ? [sql`m.ativa`, ...filtros] : []),
      )}
      group by 1, 2`),
  );
}

async function nomesDosTipos(deps: Deps, grupos: Grupo[], idioma: Idioma) {
  const ids = [...new Set(grupos.map((g) => g.tipo).filter((t): t is number => t !== null))];
  if (!ids.length) return new Map<string, string>();
  const linhas = await deps.db
    .select({ id: schema.tipoPessoa.id, nome: nomeNoIdioma(schema.tipoPessoa.nome, schema.tipoPessoa.nomeEn, idioma) })
    .from(schema.tipoPessoa)
    .where(entreOrganizacoes(schema.tipoPessoa.id, ids));
  return new Map(linhas.map((l) => [String(l.id), l.nome]));
}

/**
 * The ranked table: the chosen organization's own people and, per organization right below it,
 * the people of its whole subtree, from the roll-up's rows of those organizations.
 */
async function porOrganizacaoFilha(deps: Deps, raizId: number, somenteEla: boolean, f: IndicadorCadastrosQuery) {
  const propria = sql`(r.organizacao_id = ${raizId} and not r.subarvore)`;
  const filhas = sql`(r.organizacao_id in (select f.id from ${organizacao} f where f.organizacao_pai_id = ${raizId}) and r.subarvore)`;
  const linhas = rows<{ organizacaoId: number; nome: string; total: number; titulares: number; temFilhas: boolean }>(
    await deps.db.execute(sql`select o.id as "organizacaoId", o.nome_fantasia as nome, sum(r.pessoas)::int as total,
        coalesce(sum(r.pessoas) filter (where r.titular), 0)::int as titulares,
        o.id <> ${raizId} and exists (select 1 from ${organizacao} x where x.organizacao_pai_id = o.id and x.excluido_em is null) as "temFilhas"
      from ${resumoOrganizacao} r join ${organizacao} o on o.id = r.organizacao_id
      where ${and(somenteEla ? propria : sql`(${propria} or ${filhas})`, ...filtrosDoResumo(f, sql`r`))}
      group by o.id, o.nome_fantasia
      having sum(r.pessoas) > 0
      order by 3 desc, 2`),
  );
  return linhas;
}

/** A record's kind of movement, as `CLASSES` counts it. */
const movimentoDoRegistro = sql`case ${sql.join(
  CLASSES_NOMES.map((c) => sql`when ${CLASSES[c]} then ${c}`),
  sql` `,
)} end`;

/**
 * The records behind the indicator's movements (`/pessoa-integracao-desligamento`): those of the
 * chosen organization's subtree, read as the indicator reads them — by the organization that
 * recorded them (a member transferred out stays in the list of the one she left), the person
 * joined only when a person filter asks for it — so a bucket's count is this list's total.
 */
export async function listarMovimentos(
  deps: Deps,
  ctx: Contexto,
  q: MovimentoListQuery,
): Promise<Paged<MovimentoResumo>> {
  const ids = await organizacoesEscolhidas(
    deps,
    ctx,
    'PessoaIntegracaoDesligamento',
    q.organizacaoId ?? ctx.organizacaoId,
    q.somenteMinhaOrganizacao,
  );
  const filtros = filtrosDaPessoa(q);
  const condicoes = and(
    sql`i.excluido_em is null`,
    entreOrganizacoes(sql`i.organizacao_id`, ids),
    filtros.length > 1 ? and(...filtros) : undefined,
    q.movimento?.length ? or(...q.movimento.map((m) => sql`(${CLASSES[m]})`)) : undefined,
    q.periodoDe ? sql`i.data >= ${q.periodoDe}::date` : undefined,
    q.periodoAte ? sql`i.data <= ${q.periodoAte}::date` : undefined,
  );
  const juntar = sql`from ${integ} i join ${organizacao} o on o.id = i.organizacao_id
    ${filtros.length > 1 ? sql`join` : sql`left join`} ${pessoa} on ${pessoa.id} = i.pessoa_id`;
  const direcao = q.ordem === 'desc' ? sql`desc` : sql`asc`;
  const ordem =
    q.ordenarPor === 'pessoaNome'
      ? sql`"pessoaNome" ${direcao}, i.data desc, i.id desc`
      : sql`i.data ${direcao}, i.id ${direcao}`;
  const [itens, [contagem]] = await Promise.all([
    deps.db.execute(sql`select i.id, i.pessoa_id as "pessoaId",
        coalesce(${nomeCompletoPessoa}, '') as "pessoaNome",
        i.tipo, i.forma, ${movimentoDoRegistro} as movimento, to_char(i.data, 'YYYY-MM-DD') as data,
        i.organizacao_id as "organizacaoId", o.nome_fantasia as "organizacaoNome",
        i.outra_organizacao as "outraOrganizacao"
      ${juntar} where ${condicoes}
      order by ${ordem} limit ${q.quantidade} offset ${(q.pagina - 1) * q.quantidade}`),
    deps.db
      .execute(sql`select count(*)::int as total ${juntar} where ${condicoes}`)
      .then((r) => rows<{ total: number }>(r)),
  ]);
  return {
    itens: rows<MovimentoResumo>(itens),
    total: contagem?.total ?? 0,
    pagina: q.pagina,
    quantidade: q.quantidade,
  };
}
