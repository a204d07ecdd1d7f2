import {
  contaAReceberInput,
  cpf as esquemaCpf,
  FORMAS_PAGAMENTO,
  FORMAS_PAGAMENTO_MANUAL,
  pagamentoInput,
  TIPOS_CONTA_A_RECEBER,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import type { IssueValidacao } from '@sig/i18n';
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Contexto } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { filtroOrganizacao, organizacoesAcima, organizacoesDoEscopo } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { alterarConta } from '../receber/index.js';
import { cnpjDe, dataPtBr, dinheiroPtBr, normalizarTexto, somenteDigitos } from './conversao.js';
import { ACESSO_MIGRACAO, type Autor, guardarIssue, issue, type LinhaAnalisada, type ValoresLinha } from './pessoas.js';

/**
 * The receivables kind (issue 23): a row → a receivable marked `migrada` (no bill, no receipt,
 * spec §8) with its payment, if the row has one, entering as history: no charge, no provider.
 * Holder, owner and category are resolved in the importer's scope; a rerun finds the receivable
 * by its key in the source and updates it.
 */
const { contaAReceber: car, pagamento: pag, pessoa, organizacao, categoriaContribuicao: categoria } = schema;

/** The receivable's own fields a row fills. */
export type CamposConta = {
  organizacaoId: number;
  pessoaId: number;
  categoriaContribuicaoId: number | null;
  tipo: string;
  mesCompetencia: number;
  anoCompetencia: number;
  vencimento: string;
  valorPrevisto: string;
  descricao: string | null;
  formaPagamento: string | null;
};
export type PagamentoMigrado = { valor: string; dataPagamento: string; dataCredito: string; forma: string };

/** What a row writes: the receivable and, when paid, its payment. */
export type DadosConta = { conta: CamposConta; pagamento: PagamentoMigrado | null; chaveLegada: string };

/** Names the rows refer to, loaded once per run: organizations and categories, and which are in scope. */
export type ReferenciasContas = {
  escopo: Set<number>;
  organizacoes: Map<string, number[]>;
  categorias: Map<string, { id: number; organizacaoId: number; noEscopo: boolean }[]>;
};

function acrescentar<T>(m: Map<string, T[]>, chave: string, v: T) {
  if (!chave) return;
  const l = m.get(chave);
  if (l) l.push(v);
  else m.set(chave, [v]);
}

export async function carregarReferenciasContas(db: DbOuTx, ctx: Contexto): Promise<ReferenciasContas> {
  const escopo = new Set(await organizacoesDoEscopo(db, ctx, ACESSO_MIGRACAO));
  const acima = new Set(organizacoesAcima(ctx));
  const [orgs, cats] = await Promise.all([
    db
      .select({
        id: organizacao.id,
        nomeFantasia: organizacao.nomeFantasia,
        razaoSocial: organizacao.razaoSocial,
        cnpj: organizacao.cnpj,
      })
      .from(organizacao)
      .where(isNull(organizacao.excluidoEm)),
    db
      .select({
        id: categoria.id,
        nome: categoria.nome,
        organizacaoId: categoria.organizacaoId,
        compartilhada: categoria.acessivelHierarquia,
      })
      .from(categoria)
      .where(isNull(categoria.excluidoEm)),
  ]);
  const organizacoes = new Map<string, number[]>();
  for (const o of orgs) {
    acrescentar(organizacoes, String(o.id), o.id);
    acrescentar(organizacoes, normalizarTexto(o.nomeFantasia), o.id);
    if (normalizarTexto(o.razaoSocial) !== normalizarTexto(o.nomeFantasia))
      acrescentar(organizacoes, normalizarTexto(o.razaoSocial), o.id);
    if (o.cnpj) acrescentar(organizacoes, somenteDigitos(o.cnpj), o.id);
  }
  const categorias: ReferenciasContas['categorias'] = new Map();
  for (const c of cats)
    acrescentar(categorias, normalizarTexto(c.nome), {
      id: c.id,
      organizacaoId: c.organizacaoId,
      noEscopo: escopo.has(c.organizacaoId) || (c.compartilhada && acima.has(c.organizacaoId)),
    });
  return { escopo, organizacoes, categorias };
}

const TIPOS: [string, string][] = [
  ['dizimo', 'DIZIMO'],
  ['oferta', 'OFERTA'],
  ['contribuic', 'CONTRIBUICAO'],
  ['evento', 'EVENTO'],
  ['arrendamento', 'ARRENDAMENTO'],
  ['outr', 'OUTROS'],
];
const FORMAS: [string, string][] = [
  ['dinheiro', 'DINHEIRO'],
  ['especie', 'DINHEIRO'],
  ['pix', 'PIX'],
  ['transferencia', 'TRANSFERENCIA'],
  ['deposito', 'TRANSFERENCIA'],
  ['boleto', 'BOLETO'],
  ['cartao', 'CARTAO'],
  ['outr', 'OUTRA'],
];
const deApelidos = (lista: [string, string][], v: string, validos: readonly string[]) => {
  const n = normalizarTexto(v);
  const upper = v.trim().toUpperCase();
  return validos.includes(upper) ? upper : (lista.find(([p]) => n.startsWith(p))?.[1] ?? v);
};

/** `03/2024`, `3-2024`, `2024-03` → month and year; null when it is not a competence. */
function competencia(v: string): { mes: number; ano: number } | null {
  const s = v.trim();
  const m = /^(\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return { mes: Number(m[1]), ano: Number(m[2]) };
  const iso = /^(\d{4})-(\d{1,2})$/.exec(s);
  return iso ? { mes: Number(iso[2]), ano: Number(iso[1]) } : null;
}

/** Digits with something else, and neither a code (its number alone) nor a CNPJ: `O-99` is no organization 99. */
const codigoMalFormado = (v: string) => /\d/.test(v) && !/^\d+$/.test(v.trim()) && !cnpjDe(v);

/**
 * The row's organization, named by code, name or CNPJ, in the writer's scope; the run's own when
 * the row names none.
 */
export function organizacaoDaLinha(v: ValoresLinha, run: { organizacaoId: number }, refs: ReferenciasContas) {
  if (!v.organizacao) return { id: run.organizacaoId, problema: null };
  const achadas =
    refs.organizacoes.get(normalizarTexto(v.organizacao)) ?? refs.organizacoes.get(cnpjDe(v.organizacao)) ?? [];
  const noEscopo = achadas.filter((id) => refs.escopo.has(id));
  if (noEscopo.length === 1) return { id: noEscopo[0]!, problema: null };
  const mensagem = noEscopo.length
    ? 'validacao:referenciaAmbigua'
    : achadas.length
      ? 'validacao:foraDoEscopo'
      : codigoMalFormado(v.organizacao)
        ? 'validacao:codigoNaoNumerico'
        : 'validacao:referenciaInexistente';
  return { id: null, problema: issue('organizacao', mensagem) };
}

/** The row as the receivable's and the payment's forms would send them, plus what resolving names found. */
function paraEntrada(v: ValoresLinha, run: { organizacaoId: number }, refs: ReferenciasContas) {
  const problemas: IssueValidacao[] = [];
  const { id, problema } = organizacaoDaLinha(v, run, refs);
  if (problema) problemas.push(problema);
  const organizacaoId = id ?? run.organizacaoId;
  let categoriaContribuicaoId: number | null = null;
  if (v.categoria) {
    const achadas = refs.categorias.get(normalizarTexto(v.categoria)) ?? [];
    const noEscopo = achadas.filter((c) => c.noEscopo);
    // Homonyms across organizations: the owner's own, else one shared from above.
    const escolhida =
      noEscopo.find((c) => c.organizacaoId === organizacaoId) ?? (noEscopo.length === 1 ? noEscopo[0] : undefined);
    if (escolhida) categoriaContribuicaoId = escolhida.id;
    else if (noEscopo.length > 1) problemas.push(issue('categoria', 'validacao:referenciaAmbigua'));
    else
      problemas.push(issue('categoria', achadas.length ? 'validacao:foraDoEscopo' : 'validacao:referenciaInexistente'));
  }
  const vencimento = v.vencimento ? dataPtBr(v.vencimento) : '';
  let mesCompetencia: number | string | null = null;
  let anoCompetencia: number | string | null = null;
  if (v.competencia) {
    const c = competencia(v.competencia);
    if (c) ({ mes: mesCompetencia, ano: anoCompetencia } = c);
    else problemas.push(issue('competencia', 'validacao:valorInvalido'));
  } else if (/^\d{4}-\d{2}-\d{2}$/.test(vencimento)) {
    // No competence column: the month the receivable falls due.
    mesCompetencia = Number(vencimento.slice(5, 7));
    anoCompetencia = Number(vencimento.slice(0, 4));
  }
  const formaPagamento = v.formaPagamento ? deApelidos(FORMAS, v.formaPagamento, FORMAS_PAGAMENTO) : null;
  const conta = {
    organizacaoId,
    pessoaId: 0,
    tipo: v.tipo ? deApelidos(TIPOS, v.tipo, TIPOS_CONTA_A_RECEBER) : 'CONTRIBUICAO',
    mesCompetencia,
    anoCompetencia,
    vencimento,
    valorPrevisto: v.valorPrevisto ? (dinheiroPtBr(v.valorPrevisto) ?? v.valorPrevisto) : '',
    formaPagamento,
    descricao: v.descricao ?? null,
    parcelas: 1,
  };
  const pago = v.valorPago || v.dataPagamento;
  const dataPagamento = v.dataPagamento ? dataPtBr(v.dataPagamento) : '';
  const pagamento = pago
    ? {
        valor: v.valorPago ? (dinheiroPtBr(v.valorPago) ?? v.valorPago) : conta.valorPrevisto,
        dataPagamento,
        dataCredito: v.dataCredito ? dataPtBr(v.dataCredito) : dataPagamento,
        forma: formaPagamento ?? 'OUTRA',
        observacao: null,
      }
    : null;
  return { conta, pagamento, categoriaContribuicaoId, problemas };
}

export type Titular = { id: number; nome: string; sobrenome: string; noEscopo: boolean };

/** The people the chunk names, by their key in the same source and by CPF, anywhere (the scope is checked per row). */
export async function carregarTitulares(db: DbOuTx, ctx: Contexto, origem: string, chaves: string[], cpfs: string[]) {
  const escopo = filtroOrganizacao(ctx, ACESSO_MIGRACAO, pessoa.organizacaoId);
  const colunas = {
    id: pessoa.id,
    chave: pessoa.chaveLegada,
    cpf: pessoa.cpf,
    nome: sql<string>`trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome})`,
    sobrenome: pessoa.sobrenome,
    noEscopo: sql<boolean>`${escopo}`,
  };
  const vivas = isNull(pessoa.excluidoEm);
  const [porChave, porCpf] = await Promise.all([
    chaves.length
      ? db
          .select(colunas)
          .from(pessoa)
          .where(and(inArray(pessoa.chaveLegada, chaves), eq(pessoa.origem, origem), vivas))
      : [],
    cpfs.length
      ? db
          .select(colunas)
          .from(pessoa)
          .where(and(inArray(pessoa.cpf, cpfs), vivas))
      : [],
  ]);
  const t = (p: (typeof porChave)[number]): Titular => ({
    id: p.id,
    nome: p.nome,
    sobrenome: p.sobrenome,
    noEscopo: p.noEscopo,
  });
  return {
    chave: new Map(porChave.map((p) => [p.chave!, t(p)])),
    cpf: new Map(porCpf.map((p) => [p.cpf!, t(p)])),
  };
}

/** The receivable's fields as the sheet states them, compared and written. */
const CAMPOS_CONTA = [
  'organizacaoId',
  'pessoaId',
  'categoriaContribuicaoId',
  'tipo',
  'mesCompetencia',
  'anoCompetencia',
  'vencimento',
  'valorPrevisto',
  'descricao',
  'formaPagamento',
] as const;
const CAMPOS_PAGAMENTO = ['valor', 'dataPagamento', 'dataCredito', 'forma'] as const;

type ContaExistente = typeof car.$inferSelect & { pagamento: typeof pag.$inferSelect | null };

const igual = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/** The receivable's fields as the sheet gave them, once its schema accepted them. */
const camposDaConta = (c: ReturnType<typeof paraEntrada>['conta']) => ({
  tipo: c.tipo,
  mesCompetencia: Number(c.mesCompetencia),
  anoCompetencia: Number(c.anoCompetencia),
  vencimento: c.vencimento,
  valorPrevisto: c.valorPrevisto,
  descricao: c.descricao,
  formaPagamento: c.formaPagamento,
  organizacaoId: c.organizacaoId,
});

/**
 * A chunk of receivable rows: each converted, its references resolved in the writer's scope and
 * checked with the receivable's and the payment's own schemas, then matched by its key in the
 * source. Nothing is written.
 */
export async function analisarContas(
  db: DbOuTx,
  ctx: Contexto,
  run: { organizacaoId: number; origem: string },
  refs: ReferenciasContas,
  linhas: { numero: number; original: Record<string, string>; valores: ValoresLinha }[],
  vistos: Set<string>,
): Promise<LinhaAnalisada<DadosConta>[]> {
  const convertidas = linhas.map((l) => {
    const chaveLegada = l.valores.chaveLegada?.trim() || null;
    const cpfLido = l.valores.cpf ? esquemaCpf.safeParse(l.valores.cpf) : null;
    return { ...l, chaveLegada, ...paraEntrada(l.valores, run, refs), cpfLido };
  });
  const titulares = await carregarTitulares(
    db,
    ctx,
    run.origem,
    convertidas.flatMap((l) => (l.valores.pessoaChave ? [l.valores.pessoaChave.trim()] : [])),
    convertidas.flatMap((l) => (l.cpfLido?.success ? [l.cpfLido.data] : [])),
  );

  const r: LinhaAnalisada<DadosConta>[] = convertidas.map((l) => {
    const { numero, original, valores: v, chaveLegada, conta, pagamento, problemas, cpfLido } = l;
    const base = { numero, chaveLegada, original, diferencas: [], alvoId: null };
    const mensagens = [...problemas];
    let titular: Titular | undefined;
    if (v.pessoaChave) {
      titular = titulares.chave.get(v.pessoaChave.trim());
      if (!titular) mensagens.push(issue('pessoaChave', 'validacao:referenciaInexistente'));
    }
    if (cpfLido && !cpfLido.success) mensagens.push(issue('cpf', 'validacao:cpfInvalido'));
    else if (cpfLido && !titular) {
      titular = titulares.cpf.get(cpfLido.data);
      if (!titular) mensagens.push(issue('cpf', 'validacao:referenciaInexistente'));
    }
    if (!v.pessoaChave && !v.cpf) mensagens.push(issue('pessoaChave', 'validacao:obrigatorio'));
    if (titular && !titular.noEscopo) {
      mensagens.push(issue(v.pessoaChave ? 'pessoaChave' : 'cpf', 'validacao:foraDoEscopo'));
      titular = undefined;
    }
    const entrada = { ...conta, pessoaId: titular?.id ?? null };
    const descricao = [
      titular?.nome,
      `${conta.mesCompetencia ?? '?'}/${conta.anoCompetencia ?? '?'}`,
      conta.valorPrevisto,
    ]
      .filter(Boolean)
      .join(' · ');
    const c = contaAReceberInput.safeParse(entrada);
    if (!c.success)
      // The holder's own message is said above, on the column the sheet has.
      for (const i of c.error.issues)
        if (titular || i.message !== 'validacao:pessoaOuOrganizacaoTitular')
          mensagens.push(guardarIssue(i as never, entrada));
    // The payment's form takes a receivable that does not exist yet, and only the ways a person
    // pays by hand; a history may hold a slip or a card: those are checked with the receivable's.
    const p = pagamento
      ? pagamentoInput.safeParse({
          ...pagamento,
          contaAReceberId: 1,
          forma: (FORMAS_PAGAMENTO_MANUAL as readonly string[]).includes(pagamento.forma) ? pagamento.forma : 'OUTRA',
        })
      : null;
    if (p && !p.success)
      for (const i of p.error.issues) {
        const chave = String(i.path[0]) as keyof typeof pagamento;
        const campo = chave === 'valor' ? 'valorPago' : chave;
        mensagens.push(guardarIssue({ ...i, path: [campo] } as never, { [campo]: pagamento![chave] }));
      }
    if (!chaveLegada) mensagens.push(issue('chaveLegada', 'validacao:obrigatorio'));
    else if (vistos.has(chaveLegada)) mensagens.push(issue('chaveLegada', 'validacao:repetidoNoArquivo'));
    if (mensagens.length || !c.success || !chaveLegada)
      return { ...base, descricao, acao: 'ERRO', dados: null, mensagens };
    vistos.add(chaveLegada);
    const dados: DadosConta = {
      conta: { ...camposDaConta(conta), pessoaId: titular!.id, categoriaContribuicaoId: l.categoriaContribuicaoId },
      pagamento: pagamento && {
        valor: pagamento.valor,
        dataPagamento: pagamento.dataPagamento,
        dataCredito: pagamento.dataCredito,
        forma: pagamento.forma,
      },
      chaveLegada,
    };
    return { ...base, descricao, acao: 'CRIAR', dados, mensagens: [] };
  });

  const validas = r.filter((l) => l.acao === 'CRIAR');
  if (!validas.length) return r;
  const existentes = await carregarContas(
    db,
    ctx,
    run.origem,
    validas.map((l) => l.chaveLegada!),
  );
  for (const l of validas) {
    const e = existentes.get(l.chaveLegada!);
    if (!e) continue;
    l.alvoId = e.id;
    l.diferencas = diferencasCom(e, l.dados!);
    l.acao = l.diferencas.length ? 'ATUALIZAR' : 'IGNORAR';
  }
  return r;
}

/** The migrated receivables of the source with these keys, in the writer's scope, with their standing payment. */
async function carregarContas(db: DbOuTx, ctx: Contexto, origem: string, chaves: string[]) {
  const contas = await db
    .select()
    .from(car)
    .where(
      and(
        inArray(car.chaveLegada, chaves),
        eq(car.origem, origem),
        eq(car.migrada, true),
        ne(car.status, 'EXCLUIDO'),
        filtroOrganizacao(ctx, ACESSO_MIGRACAO, car.organizacaoId),
      ),
    );
  const pagamentos = contas.length
    ? await db
        .select()
        .from(pag)
        .where(
          and(
            inArray(
              pag.contaAReceberId,
              contas.map((c) => c.id),
            ),
            isNull(pag.estornadoEm),
          ),
        )
    : [];
  const porConta = new Map(pagamentos.map((p) => [p.contaAReceberId, p]));
  return new Map(contas.map((c) => [c.chaveLegada!, { ...c, pagamento: porConta.get(c.id) ?? null }]));
}

function diferencasCom(e: ContaExistente, d: DadosConta): LinhaAnalisada['diferencas'] {
  const r: LinhaAnalisada['diferencas'] = [];
  for (const campo of CAMPOS_CONTA)
    if (!igual(e[campo], d.conta[campo])) r.push({ campo, antes: e[campo] ?? null, depois: d.conta[campo] });
  // A row without a payment says nothing about one: a payment recorded since stays.
  if (d.pagamento)
    for (const campo of CAMPOS_PAGAMENTO)
      if (!igual(e.pagamento?.[campo], d.pagamento[campo]))
        r.push({
          campo: campo === 'valor' ? 'valorPago' : campo === 'forma' ? 'formaPagamento' : campo,
          antes: e.pagamento?.[campo] ?? null,
          depois: d.pagamento[campo],
        });
  return r;
}

// ---------------------------------------------------------------- the batch's writer

/** What undo needs: the receivable's fields before, and the payment added or its values before. */
export type AnterioresConta = {
  conta: Record<string, unknown> | null;
  pagamentoCriado: number | null;
  pagamento: ({ id: number } & Record<string, unknown>) | null;
};

const hoje = () => new Date().toISOString().slice(0, 10);

/** The receivable's status and payment columns a payment gives (spec §4): paid, or open/overdue by the due date. */
const situacao = (d: DadosConta) =>
  d.pagamento
    ? {
        status: 'PAGO',
        valorPago: d.pagamento.valor,
        dataPagamento: d.pagamento.dataPagamento,
        dataCredito: d.pagamento.dataCredito,
      }
    : { status: d.conta.vencimento < hoje() ? 'VENCIDO' : 'ABERTO' };

/**
 * Writes one receivable row of a confirmed run, in the caller's transaction: a migrated receivable
 * (with the payment as history) or the matched one's changed fields.
 */
export async function escreverConta(
  tx: DbOuTx,
  autor: Autor,
  run: { origem: string },
  linha: { acao: string; alvoId: number | null; dados: DadosConta },
): Promise<{ alvoId: number; anteriores: AnterioresConta }> {
  const d = linha.dados;
  let id = linha.alvoId;
  let conta: Record<string, unknown> | null = null;
  if (linha.acao === 'CRIAR') {
    // Another run of the same file confirmed meanwhile: the receivable is there already.
    const [ja] = await tx
      .select({ id: car.id })
      .from(car)
      .where(
        and(
          eq(car.chaveLegada, d.chaveLegada),
          eq(car.origem, run.origem),
          eq(car.migrada, true),
          eq(car.organizacaoId, d.conta.organizacaoId),
          ne(car.status, 'EXCLUIDO'),
        ),
      )
      .limit(1);
    if (ja) throw new AppError('MIGRACAO_JA_IMPORTADA');
    const valores = { ...d.conta, ...situacao(d) };
    const [nova] = await tx
      .insert(car)
      .values({
        ...valores,
        migrada: true,
        origem: run.origem,
        chaveLegada: d.chaveLegada,
        criadoPor: autor.usuarioId,
      })
      .returning({ id: car.id });
    id = nova!.id;
    await registrarAlteracao(tx, autor, 'conta_a_receber', id, null, { ...valores, migrada: true });
  } else {
    const [atual] = await tx.select().from(car).where(eq(car.id, id!)).for('update');
    if (!atual || atual.status === 'EXCLUIDO') throw new AppError('NAO_ENCONTRADO');
    const novos = { ...d.conta, ...(d.pagamento ? situacao(d) : {}) };
    conta = Object.fromEntries(Object.keys(novos).map((k) => [k, (atual as Record<string, unknown>)[k] ?? null]));
    await alterarConta(tx, autor, id!, conta, novos);
  }
  if (!d.pagamento) return { alvoId: id!, anteriores: { conta, pagamentoCriado: null, pagamento: null } };
  const [pagoAntes] = await tx
    .select()
    .from(pag)
    .where(and(eq(pag.contaAReceberId, id!), isNull(pag.estornadoEm)))
    .for('update');
  if (pagoAntes) {
    const antes = Object.fromEntries(CAMPOS_PAGAMENTO.map((k) => [k, pagoAntes[k]]));
    await tx.update(pag).set(d.pagamento).where(eq(pag.id, pagoAntes.id));
    await registrarAlteracao(tx, autor, 'pagamento', pagoAntes.id, antes, d.pagamento);
    return { alvoId: id!, anteriores: { conta, pagamentoCriado: null, pagamento: { id: pagoAntes.id, ...antes } } };
  }
  const [novo] = await tx
    .insert(pag)
    .values({ ...d.pagamento, contaAReceberId: id!, criadoPor: autor.usuarioId })
    .returning({ id: pag.id });
  await registrarAlteracao(tx, autor, 'pagamento', novo!.id, null, { contaAReceberId: id, ...d.pagamento });
  return { alvoId: id!, anteriores: { conta, pagamentoCriado: novo!.id, pagamento: null } };
}

/** Undoes one written receivable row: what it created is excluded (receivables are never deleted), what it changed restored. */
export async function desfazerConta(
  tx: DbOuTx,
  autor: Autor,
  linha: { acao: string; alvoId: number; anteriores: AnterioresConta },
) {
  const { alvoId: id, anteriores: a } = linha;
  const agora = new Date();
  if (a.pagamentoCriado) {
    await tx
      .update(pag)
      .set({ estornadoEm: agora, estornadoPor: autor.usuarioId })
      .where(eq(pag.id, a.pagamentoCriado));
    await registrarAlteracao(
      tx,
      autor,
      'pagamento',
      a.pagamentoCriado,
      { estornadoEm: null },
      {
        estornadoEm: agora.toISOString(),
      },
    );
  }
  if (a.pagamento) {
    const { id: pagamentoId, ...antes } = a.pagamento;
    await tx.update(pag).set(antes).where(eq(pag.id, pagamentoId));
    await registrarAlteracao(tx, autor, 'pagamento', pagamentoId, null, antes);
  }
  const [atual] = await tx.select().from(car).where(eq(car.id, id)).for('update');
  if (!atual) return;
  const depois = linha.acao === 'CRIAR' ? { status: 'EXCLUIDO' } : (a.conta ?? {});
  const antes = Object.fromEntries(Object.keys(depois).map((k) => [k, (atual as Record<string, unknown>)[k] ?? null]));
  if (Object.keys(depois).length)
    await tx
      .update(car)
      .set({ ...depois, atualizadoEm: agora })
      .where(eq(car.id, id));
  await registrarAlteracao(tx, autor, 'conta_a_receber', id, antes as never, depois as never);
}
