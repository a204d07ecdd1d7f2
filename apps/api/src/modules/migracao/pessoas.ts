import { type AcaoLinhaMigracao, pessoaInput } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import type { IssueValidacao } from '@sig/i18n';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { PgColumn, PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Contexto } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { filtroOrganizacao } from '../../platform/escopo.js';
import { linhasDeAlteracao, registrarAlteracao } from '../../platform/historico.js';
import { erroPg, VIOLACAO_UNICA } from '../../platform/sql.js';
import { normalizarBusca } from '../pessoas/index.js';
import { dataPtBr, normalizarTexto, somenteDigitos } from './conversao.js';

/**
 * The people kind (issue 23): a row of the sheet → the person's form input (checked with
 * `pessoaInput`, the form's own schema), matched against the registry by legacy key, then CPF,
 * then name + birth date (only proposed for review), and the writer the batch runs per row.
 */
const { pessoa, pessoaEndereco, pessoaContato, estado, cidade, tipoContato } = schema;

export const ACESSO_MIGRACAO = 'Migracao';

/** The person's own fields a sheet may fill (the rest keep their defaults). */
const CAMPOS_ESCRITOS = [
  'nome',
  'sobrenome',
  'cpf',
  'dataNascimento',
  'sexo',
  'estadoCivil',
  'email',
  'rg',
  'nomeMae',
  'nomePai',
  'observacao',
] as const;
type CampoEscrito = (typeof CAMPOS_ESCRITOS)[number];

export type Endereco = {
  cep: string | null;
  logradouro: string;
  numero: string | null;
  complemento: string | null;
  bairro: string | null;
  estadoId: number | null;
  cidadeId: number | null;
};
export type Contato = { tipoContatoId: number; valor: string };

/** What a row writes: the person's fields, and the address and contacts it adds. */
export type DadosPessoa = {
  campos: Partial<Record<CampoEscrito, string | null>>;
  enderecos: Endereco[];
  contatos: Contato[];
  chaveLegada: string | null;
};

export type LinhaAnalisada<D = DadosPessoa> = {
  numero: number;
  chaveLegada: string | null;
  descricao: string;
  acao: AcaoLinhaMigracao;
  original: Record<string, string>;
  dados: D | null;
  diferencas: { campo: string; antes: unknown; depois: unknown }[];
  mensagens: IssueValidacao[];
  alvoId: number | null;
};

/** The names the dry run looks references up by, loaded once per run. */
export type Referencias = {
  estados: Map<string, number>;
  cidades: Map<string, number>;
  tipoTelefone: number | null;
  tipoCelular: number | null;
};

export async function carregarReferencias(db: DbOuTx): Promise<Referencias> {
  const [estados, cidades, tipos] = await Promise.all([
    db.select({ id: estado.id, sigla: estado.sigla, nome: estado.nome }).from(estado).where(isNull(estado.excluidoEm)),
    db
      .select({ id: cidade.id, nome: cidade.nome, estadoId: cidade.estadoId })
      .from(cidade)
      .where(isNull(cidade.excluidoEm)),
    db
      .select({ id: tipoContato.id, nome: tipoContato.nome })
      .from(tipoContato)
      .where(and(isNull(tipoContato.excluidoEm), inArray(tipoContato.nome, ['Telefone', 'Celular']))),
  ]);
  const mapaEstados = new Map<string, number>();
  for (const e of estados) {
    mapaEstados.set(normalizarTexto(e.sigla), e.id);
    mapaEstados.set(normalizarTexto(e.nome), e.id);
  }
  return {
    estados: mapaEstados,
    cidades: new Map(cidades.map((c) => [`${c.estadoId}:${normalizarTexto(c.nome)}`, c.id])),
    tipoTelefone: tipos.find((t) => t.nome === 'Telefone')?.id ?? null,
    tipoCelular: tipos.find((t) => t.nome === 'Celular')?.id ?? null,
  };
}

const SEXOS: Record<string, string> = { f: 'F', feminino: 'F', m: 'M', masculino: 'M' };
const ESTADOS_CIVIS: [string, string][] = [
  ['solteir', 'SOLTEIRO'],
  ['casad', 'CASADO'],
  ['uniao', 'UNIAO_ESTAVEL'],
  ['separad', 'SEPARADO'],
  ['divorciad', 'DIVORCIADO'],
  ['viuv', 'VIUVO'],
];

export const issue = (campo: string, mensagem: string): IssueValidacao => ({
  code: 'custom',
  path: [campo],
  message: mensagem,
});

/** The values a row gives per target field (blank cells are absent). */
export type ValoresLinha = Partial<Record<string, string>>;

/**
 * The row as the person's form would send it, plus the issues of what the form has no field
 * for (a city by name that is not in the database).
 */
/**
 * The row's address, when it has one, as the form's sub-record (the postcode as each form keeps
 * an empty one); a state or city not found, or a city without its state, goes to `problemas`.
 */
export function enderecoDaLinha(v: ValoresLinha, refs: Referencias, problemas: IssueValidacao[]) {
  if (!v.logradouro && !v.cep && !v.cidade) return null;
  const estadoId = v.uf ? (refs.estados.get(normalizarTexto(v.uf)) ?? null) : null;
  if (v.uf && !estadoId) problemas.push(issue('uf', 'validacao:referenciaInexistente'));
  const cidadeId = v.cidade && estadoId ? (refs.cidades.get(`${estadoId}:${normalizarTexto(v.cidade)}`) ?? null) : null;
  if (v.cidade && estadoId && !cidadeId) problemas.push(issue('cidade', 'validacao:referenciaInexistente'));
  if (v.cidade && !v.uf) problemas.push(issue('uf', 'validacao:obrigatorio'));
  return {
    logradouro: v.logradouro ?? '',
    numero: v.numero ?? null,
    complemento: v.complemento ?? null,
    bairro: v.bairro ?? null,
    estadoId,
    cidadeId,
  };
}

function paraEntrada(v: ValoresLinha, organizacaoId: number, refs: Referencias) {
  const problemas: IssueValidacao[] = [];
  let nome = v.nome ?? null;
  let sobrenome = v.sobrenome ?? null;
  // One column with the whole name (the usual sheet): first word and the rest.
  const inteiro = v.nomeCompleto ?? (nome && !sobrenome ? nome : null);
  if (inteiro) {
    const [primeiro, ...resto] = inteiro.trim().split(/\s+/);
    nome = primeiro ?? null;
    sobrenome = resto.join(' ') || null;
  }
  const sexo = v.sexo ? (SEXOS[normalizarTexto(v.sexo)] ?? v.sexo) : null;
  const civil = v.estadoCivil ? normalizarTexto(v.estadoCivil) : null;
  const estadoCivil = civil ? (ESTADOS_CIVIS.find(([p]) => civil.startsWith(p))?.[1] ?? v.estadoCivil) : null;
  const endereco = enderecoDaLinha(v, refs, problemas);
  const enderecos = endereco ? [{ cep: v.cep ?? null, ...endereco, ativo: true, preferencial: true }] : [];
  const contatos: Record<string, unknown>[] = [];
  for (const [campo, tipo] of [
    ['telefone', refs.tipoTelefone],
    ['celular', refs.tipoCelular],
  ] as const) {
    const valor = v[campo];
    if (!valor) continue;
    if (!tipo) problemas.push(issue(campo, 'validacao:referenciaInexistente'));
    else contatos.push({ tipoContatoId: tipo, valor, principal: contatos.length === 0 });
  }
  const entrada = {
    nome,
    sobrenome,
    cpf: v.cpf ?? null,
    dataNascimento: v.dataNascimento ? dataPtBr(v.dataNascimento) : null,
    sexo,
    estadoCivil,
    email: v.email ?? null,
    rg: v.rg ?? null,
    nomeMae: v.nomeMae ?? null,
    nomePai: v.nomePai ?? null,
    observacao: v.observacao ?? null,
    organizacaoId,
    status: 'ATIVO',
    enderecos,
    contatos,
  };
  return { entrada, problemas };
}

/** A zod issue as stored on the row (localized when read), with what was sent at its path. */
export function guardarIssue(
  i: { code: string; path: PropertyKey[]; message: string } & Record<string, unknown>,
  entrada: object,
) {
  let enviado: unknown = entrada;
  for (const p of i.path)
    enviado = enviado && typeof enviado === 'object' ? (enviado as Record<PropertyKey, unknown>)[p] : undefined;
  const r: IssueValidacao = {
    code: i.code,
    path: i.path.map((p) => (typeof p === 'number' ? p : String(p))),
    message: i.message,
  };
  for (const k of ['minimum', 'maximum', 'origin', 'exact', 'expected', 'format'] as const)
    if (i[k] !== undefined) (r as Record<string, unknown>)[k] = typeof i[k] === 'bigint' ? Number(i[k]) : i[k];
  (r as Record<string, unknown>).input = enviado ?? null;
  return r;
}

type Existente = Record<CampoEscrito, string | null> & {
  id: number;
  chaveLegada: string | null;
  enderecos: { logradouro: string; numero: string | null; cep: string | null }[];
  contatos: string[];
};

async function carregarExistentes(db: DbOuTx, ids: number[]): Promise<Map<number, Existente>> {
  if (!ids.length) return new Map();
  const [pessoas, enderecos, contatos] = await Promise.all([
    db
      .select({
        id: pessoa.id,
        chaveLegada: pessoa.chaveLegada,
        ...Object.fromEntries(CAMPOS_ESCRITOS.map((c) => [c, pessoa[c]])),
      })
      .from(pessoa)
      .where(inArray(pessoa.id, ids)),
    db
      .select({
        pessoaId: pessoaEndereco.pessoaId,
        logradouro: pessoaEndereco.logradouro,
        numero: pessoaEndereco.numero,
        cep: pessoaEndereco.cep,
      })
      .from(pessoaEndereco)
      .where(and(inArray(pessoaEndereco.pessoaId, ids), isNull(pessoaEndereco.excluidoEm))),
    db
      .select({ pessoaId: pessoaContato.pessoaId, valor: pessoaContato.valor })
      .from(pessoaContato)
      .where(and(inArray(pessoaContato.pessoaId, ids), isNull(pessoaContato.excluidoEm))),
  ]);
  const r = new Map<number, Existente>();
  for (const p of pessoas) r.set(p.id, { ...(p as unknown as Existente), enderecos: [], contatos: [] });
  for (const e of enderecos) r.get(e.pessoaId)?.enderecos.push(e);
  for (const c of contatos) r.get(c.pessoaId)?.contatos.push(somenteDigitos(c.valor) || c.valor);
  return r;
}

const mesmoEndereco = (a: { logradouro: string; numero: string | null; cep: string | null }, b: Endereco) =>
  normalizarTexto(a.logradouro) === normalizarTexto(b.logradouro) &&
  normalizarTexto(a.numero ?? '') === normalizarTexto(b.numero ?? '') &&
  somenteDigitos(a.cep ?? '') === somenteDigitos(b.cep ?? '');

/** What a row changes on the person it matched: the fields it fills differently, the address and contacts it adds. */
function diferencasCom(e: Existente, d: DadosPessoa): { dados: DadosPessoa; diferencas: LinhaAnalisada['diferencas'] } {
  const campos: DadosPessoa['campos'] = {};
  const diferencas: LinhaAnalisada['diferencas'] = [];
  for (const [campo, valor] of Object.entries(d.campos) as [CampoEscrito, string | null][]) {
    // A blank cell says nothing: it never erases what the registry knows.
    if (valor === null || valor === undefined || (e[campo] ?? null) === valor) continue;
    campos[campo] = valor;
    diferencas.push({ campo, antes: e[campo] ?? null, depois: valor });
  }
  const enderecos = d.enderecos.filter((n) => !e.enderecos.some((a) => mesmoEndereco(a, n)));
  if (enderecos.length)
    diferencas.push({ campo: 'enderecos', antes: null, depois: enderecos.map((x) => x.logradouro) });
  const contatos = d.contatos.filter((c) => !e.contatos.includes(somenteDigitos(c.valor) || c.valor));
  if (contatos.length) diferencas.push({ campo: 'contatos', antes: null, depois: contatos.map((c) => c.valor) });
  const chaveLegada = d.chaveLegada && e.chaveLegada !== d.chaveLegada ? d.chaveLegada : null;
  if (chaveLegada) diferencas.push({ campo: 'chaveLegada', antes: e.chaveLegada, depois: chaveLegada });
  return { dados: { campos, enderecos, contatos, chaveLegada }, diferencas };
}

/**
 * A row left for review that the user linked to the suggested person: what it changes on them,
 * as for a row matched by key (blank cells erase nothing, known addresses and contacts are kept).
 */
export async function dadosParaVincular(db: DbOuTx, alvoId: number, d: DadosPessoa): Promise<DadosPessoa> {
  const e = (await carregarExistentes(db, [alvoId])).get(alvoId);
  if (!e) throw new AppError('NAO_ENCONTRADO');
  return diferencasCom(e, d).dados;
}

/** What a run remembers across its chunks: the keys and CPFs already seen in the file. */
export type Vistos = { chaves: Set<string>; cpfs: Set<string> };

/**
 * A chunk of rows of the file (a few hundred): each converted and checked, then all matched in
 * three statements, in the writer's scope. Nothing is written.
 */
export async function analisarPessoas(
  db: DbOuTx,
  ctx: Contexto,
  run: { organizacaoId: number; origem: string },
  refs: Referencias,
  linhas: { numero: number; original: Record<string, string>; valores: ValoresLinha }[],
  vistos: Vistos,
): Promise<LinhaAnalisada[]> {
  const r: LinhaAnalisada[] = linhas.map(({ numero, original, valores }) => {
    const { entrada, problemas } = paraEntrada(valores, run.organizacaoId, refs);
    const chaveLegada = valores.chaveLegada?.trim() || null;
    const descricao = [entrada.nome, entrada.sobrenome].filter(Boolean).join(' ');
    const base = { numero, chaveLegada, descricao, original, diferencas: [], alvoId: null };
    const p = pessoaInput.safeParse(entrada);
    const mensagens = [
      ...problemas,
      ...(p.success ? [] : p.error.issues.map((i) => guardarIssue(i as never, entrada))),
    ];
    if (!p.success || mensagens.length) return { ...base, acao: 'ERRO', dados: null, mensagens };
    const v = p.data as Record<string, unknown>;
    const cpf = (v.cpf as string | null) ?? null;
    if (chaveLegada && vistos.chaves.has(chaveLegada))
      return { ...base, acao: 'ERRO', dados: null, mensagens: [issue('chaveLegada', 'validacao:repetidoNoArquivo')] };
    if (cpf && vistos.cpfs.has(cpf))
      return { ...base, acao: 'ERRO', dados: null, mensagens: [issue('cpf', 'validacao:repetidoNoArquivo')] };
    if (chaveLegada) vistos.chaves.add(chaveLegada);
    if (cpf) vistos.cpfs.add(cpf);
    const dados: DadosPessoa = {
      campos: Object.fromEntries(
        CAMPOS_ESCRITOS.map((c) => [c, (v[c] as string | null | undefined) ?? null]),
      ) as DadosPessoa['campos'],
      enderecos: ((v.enderecos ?? []) as Endereco[]).map((e) => ({
        cep: e.cep ?? null,
        logradouro: e.logradouro,
        numero: e.numero ?? null,
        complemento: e.complemento ?? null,
        bairro: e.bairro ?? null,
        estadoId: e.estadoId ?? null,
        cidadeId: e.cidadeId ?? null,
      })),
      contatos: ((v.contatos ?? []) as Contato[]).map((c) => ({ tipoContatoId: c.tipoContatoId, valor: c.valor })),
      chaveLegada,
    };
    return { ...base, acao: 'CRIAR', dados, mensagens: [] };
  });

  const validas = r.filter((l) => l.acao === 'CRIAR');
  const escopo = filtroOrganizacao(ctx, ACESSO_MIGRACAO, pessoa.organizacaoId);
  const vivas = isNull(pessoa.excluidoEm);
  const chaves = validas.flatMap((l) => (l.chaveLegada ? [l.chaveLegada] : []));
  const cpfs = validas.flatMap((l) => (l.dados!.campos.cpf ? [l.dados!.campos.cpf] : []));
  const nomes = validas.flatMap((l) =>
    l.dados!.campos.dataNascimento
      ? [normalizarBusca(`${l.dados!.campos.nome} ${l.dados!.campos.sobrenome ?? ''}`)]
      : [],
  );
  const [porChave, porCpf, porNome] = await Promise.all([
    chaves.length
      ? db
          .select({ id: pessoa.id, chave: pessoa.chaveLegada })
          .from(pessoa)
          .where(and(inArray(pessoa.chaveLegada, chaves), eq(pessoa.origem, run.origem), vivas, escopo))
      : [],
    cpfs.length
      ? db
          .select({ id: pessoa.id, cpf: pessoa.cpf, noEscopo: sql<boolean>`${escopo}` })
          .from(pessoa)
          .where(and(inArray(pessoa.cpf, cpfs), vivas))
      : [],
    nomes.length
      ? db
          .select({ id: pessoa.id, nomeBusca: pessoa.nomeBusca, dataNascimento: pessoa.dataNascimento })
          .from(pessoa)
          .where(and(inArray(pessoa.nomeBusca, nomes), vivas, escopo))
      : [],
  ]);
  const idPorChave = new Map(porChave.map((p) => [p.chave!, p.id]));
  const idPorCpf = new Map(porCpf.map((p) => [p.cpf!, p]));
  const alvos = new Map<LinhaAnalisada, number>();
  for (const l of validas) {
    const c = l.dados!.campos;
    const daChave = l.chaveLegada ? idPorChave.get(l.chaveLegada) : undefined;
    const doCpf = c.cpf ? idPorCpf.get(c.cpf) : undefined;
    if (doCpf && !doCpf.noEscopo) {
      // The CPF is someone's outside the writer's scope: said without naming them.
      l.acao = 'ERRO';
      l.mensagens = [issue('cpf', 'erros:DOCUMENTO_DUPLICADO')];
      l.dados = null;
      continue;
    }
    if (daChave !== undefined && doCpf && doCpf.id !== daChave) {
      l.acao = 'ERRO';
      l.mensagens = [issue('cpf', 'erros:DOCUMENTO_DUPLICADO')];
      l.dados = null;
      continue;
    }
    const alvo = daChave ?? doCpf?.id;
    if (alvo !== undefined) {
      alvos.set(l, alvo);
      continue;
    }
    const nomeBusca = normalizarBusca(`${c.nome} ${c.sobrenome ?? ''}`);
    const homonimo = porNome.find((p) => p.nomeBusca === nomeBusca && p.dataNascimento === c.dataNascimento);
    if (homonimo) {
      // Same name and birth date, no key or CPF to tell: a person decides, never the import.
      l.acao = 'REVISAR';
      l.alvoId = homonimo.id;
      l.mensagens = [issue('nome', 'validacao:homonimoParaRevisar')];
    }
  }
  const existentes = await carregarExistentes(db, [...new Set(alvos.values())]);
  for (const [l, alvo] of alvos) {
    const e = existentes.get(alvo)!;
    const { dados, diferencas } = diferencasCom(e, l.dados!);
    l.alvoId = alvo;
    l.dados = dados;
    l.diferencas = diferencas;
    l.acao = diferencas.length ? 'ATUALIZAR' : 'IGNORAR';
  }
  return r;
}

// ---------------------------------------------------------------- the batch's writer

/** What undo needs: the fields' values before, and the address and contact rows the row added. */
export type Anteriores = {
  campos: Partial<Record<CampoEscrito | 'chaveLegada' | 'origem', string | null>>;
  enderecos: number[];
  contatos: number[];
};

export type Autor = { usuarioId: number; organizacaoId: number };

/** Inserts an imported record's sub-records, if any, and answers their ids (what undo deletes). */
export async function inserirComIds<T extends PgTable & { id: PgColumn }>(
  tx: DbOuTx,
  tabela: T,
  linhas: PgInsertValue<T>[],
): Promise<number[]> {
  if (!linhas.length) return [];
  const r = await tx.insert(tabela).values(linhas).returning({ id: tabela.id });
  return r.map((x) => x.id as number);
}

async function inserirFilhos(tx: DbOuTx, pessoaId: number, d: DadosPessoa, primeiro: boolean) {
  return {
    enderecos: await inserirComIds(
      tx,
      pessoaEndereco,
      d.enderecos.map((e) => ({ ...e, pessoaId, ativo: true, preferencial: primeiro })),
    ),
    contatos: await inserirComIds(
      tx,
      pessoaContato,
      d.contatos.map((c, i) => ({ ...c, pessoaId, principal: primeiro && i === 0 })),
    ),
  };
}

/**
 * Writes one row of a confirmed run, inside the caller's transaction: a new person (with the
 * run's source and the row's key) or the changed fields of the matched one. Answers the person
 * and what undo restores.
 */
export async function escreverPessoa(
  tx: DbOuTx,
  autor: Autor,
  run: { organizacaoId: number; origem: string },
  linha: { acao: string; alvoId: number | null; dados: DadosPessoa },
): Promise<{ alvoId: number; anteriores: Anteriores }> {
  const d = linha.dados;
  if (linha.acao === 'CRIAR') {
    if (d.chaveLegada) {
      // Another run of the same file confirmed meanwhile: the person is there already.
      const [ja] = await tx
        .select({ id: pessoa.id })
        .from(pessoa)
        .where(and(eq(pessoa.chaveLegada, d.chaveLegada), eq(pessoa.origem, run.origem), isNull(pessoa.excluidoEm)))
        .limit(1);
      if (ja) throw new AppError('MIGRACAO_JA_IMPORTADA');
    }
    const c = d.campos;
    const [novo] = await tx
      .insert(pessoa)
      .values({
        ...(c as Record<string, string | null>),
        nome: c.nome!,
        sobrenome: c.sobrenome ?? '',
        nomeBusca: normalizarBusca(`${c.nome} ${c.sobrenome ?? ''}`),
        organizacaoId: run.organizacaoId,
        origem: run.origem,
        chaveLegada: d.chaveLegada,
      })
      .returning({ id: pessoa.id })
      .catch((e: unknown) => {
        if (erroPg(e).code === VIOLACAO_UNICA) throw new AppError('DOCUMENTO_DUPLICADO');
        throw e;
      });
    const id = novo!.id;
    const filhos = await inserirFilhos(tx, id, d, true);
    await registrarAlteracao(tx, autor, 'pessoa', id, null, { ...c, enderecos: d.enderecos, contatos: d.contatos });
    return { alvoId: id, anteriores: { campos: {}, ...filhos } };
  }
  const id = linha.alvoId!;
  const [atual] = await tx.select().from(pessoa).where(eq(pessoa.id, id)).for('update');
  if (!atual || atual.excluidoEm) throw new AppError('NAO_ENCONTRADO');
  const campos: Anteriores['campos'] = {};
  const novos: Record<string, string | null> = { ...d.campos };
  for (const k of Object.keys(d.campos) as CampoEscrito[]) campos[k] = atual[k] ?? null;
  if (d.chaveLegada) {
    campos.chaveLegada = atual.chaveLegada;
    campos.origem = atual.origem;
    novos.chaveLegada = d.chaveLegada;
    novos.origem = run.origem;
  }
  if (Object.keys(novos).length) {
    const nome = novos.nome ?? atual.nome;
    const sobrenome = novos.sobrenome ?? atual.sobrenome;
    await tx
      .update(pessoa)
      .set({ ...novos, nomeBusca: normalizarBusca(`${nome} ${sobrenome}`), atualizadoEm: new Date() })
      .where(eq(pessoa.id, id))
      .catch((e: unknown) => {
        if (erroPg(e).code === VIOLACAO_UNICA) throw new AppError('DOCUMENTO_DUPLICADO');
        throw e;
      });
  }
  const filhos = await inserirFilhos(tx, id, d, false);
  await registrarAlteracao(tx, autor, 'pessoa', id, campos, {
    ...novos,
    ...(d.enderecos.length ? { enderecos: d.enderecos } : {}),
    ...(d.contatos.length ? { contatos: d.contatos } : {}),
  });
  return { alvoId: id, anteriores: { campos, ...filhos } };
}

/**
 * Writes the new people of a work unit (hundreds of rows) inside the caller's transaction: the
 * people, their addresses, their contacts and their history, each in one multi-row statement.
 * A row whose legacy key another run imported meanwhile is answered with that error and left out;
 * any other failure (a CPF taken meanwhile) throws, and the caller writes the rows one at a time.
 */
export async function criarPessoas(
  tx: DbOuTx,
  autor: Autor,
  run: { organizacaoId: number; origem: string },
  linhas: { id: number; dados: DadosPessoa }[],
): Promise<Map<number, { alvoId: number; anteriores: Anteriores } | AppError>> {
  const r = new Map<number, { alvoId: number; anteriores: Anteriores } | AppError>();
  const chaves = linhas.flatMap((l) => (l.dados.chaveLegada ? [l.dados.chaveLegada] : []));
  const ja = chaves.length
    ? await tx
        .select({ chave: pessoa.chaveLegada })
        .from(pessoa)
        .where(and(inArray(pessoa.chaveLegada, chaves), eq(pessoa.origem, run.origem), isNull(pessoa.excluidoEm)))
    : [];
  const importadas = new Set(ja.map((p) => p.chave));
  const novas = linhas.filter((l) => {
    if (!l.dados.chaveLegada || !importadas.has(l.dados.chaveLegada)) return true;
    r.set(l.id, new AppError('MIGRACAO_JA_IMPORTADA'));
    return false;
  });
  if (!novas.length) return r;
  // PostgreSQL answers a multi-row VALUES' RETURNING in the order of its rows.
  const ids = await tx
    .insert(pessoa)
    .values(
      novas.map(({ dados: d }) => ({
        ...(d.campos as Record<string, string | null>),
        nome: d.campos.nome!,
        sobrenome: d.campos.sobrenome ?? '',
        nomeBusca: normalizarBusca(`${d.campos.nome} ${d.campos.sobrenome ?? ''}`),
        organizacaoId: run.organizacaoId,
        origem: run.origem,
        chaveLegada: d.chaveLegada,
      })),
    )
    .returning({ id: pessoa.id });
  const enderecos = novas.flatMap(({ dados: d }, i) =>
    d.enderecos.map((e) => ({ ...e, pessoaId: ids[i]!.id, ativo: true, preferencial: true })),
  );
  const contatos = novas.flatMap(({ dados: d }, i) =>
    d.contatos.map((c, j) => ({ ...c, pessoaId: ids[i]!.id, principal: j === 0 })),
  );
  const [feitosEnd, feitosCont] = await Promise.all([
    enderecos.length
      ? tx
          .insert(pessoaEndereco)
          .values(enderecos)
          .returning({ id: pessoaEndereco.id, pessoaId: pessoaEndereco.pessoaId })
      : [],
    contatos.length
      ? tx.insert(pessoaContato).values(contatos).returning({ id: pessoaContato.id, pessoaId: pessoaContato.pessoaId })
      : [],
  ]);
  const filhos = new Map<number, { enderecos: number[]; contatos: number[] }>(
    ids.map((p) => [p.id, { enderecos: [], contatos: [] }]),
  );
  for (const e of feitosEnd) filhos.get(e.pessoaId)!.enderecos.push(e.id);
  for (const c of feitosCont) filhos.get(c.pessoaId)!.contatos.push(c.id);
  await tx.insert(schema.historicoAlteracao).values(
    novas.flatMap(({ dados: d }, i) =>
      linhasDeAlteracao(autor, 'pessoa', ids[i]!.id, null, {
        ...d.campos,
        enderecos: d.enderecos,
        contatos: d.contatos,
      }),
    ),
  );
  novas.forEach((l, i) => {
    const id = ids[i]!.id;
    r.set(l.id, { alvoId: id, anteriores: { campos: {}, ...filhos.get(id)! } });
  });
  return r;
}

/** Undoes one written row: the person it created leaves the registry, the fields it changed get their old values. */
export async function desfazerPessoa(
  tx: DbOuTx,
  autor: Autor,
  linha: { acao: string; alvoId: number; anteriores: Anteriores },
) {
  const { alvoId: id, anteriores: a } = linha;
  const agora = new Date();
  if (a.enderecos.length)
    await tx.update(pessoaEndereco).set({ excluidoEm: agora }).where(inArray(pessoaEndereco.id, a.enderecos));
  if (a.contatos.length)
    await tx.update(pessoaContato).set({ excluidoEm: agora }).where(inArray(pessoaContato.id, a.contatos));
  if (linha.acao === 'CRIAR') {
    await tx.update(pessoa).set({ excluidoEm: agora, atualizadoEm: agora }).where(eq(pessoa.id, id));
    await registrarAlteracao(tx, autor, 'pessoa', id, { excluidoEm: null }, { excluidoEm: agora.toISOString() });
    return;
  }
  const [atual] = await tx.select().from(pessoa).where(eq(pessoa.id, id)).for('update');
  if (!atual) return;
  const depois = a.campos as Record<string, string | null>;
  const nome = depois.nome ?? atual.nome;
  const sobrenome = depois.sobrenome ?? atual.sobrenome;
  if (Object.keys(depois).length)
    await tx
      .update(pessoa)
      .set({ ...depois, nomeBusca: normalizarBusca(`${nome} ${sobrenome}`), atualizadoEm: agora })
      .where(eq(pessoa.id, id));
  const antes = Object.fromEntries(Object.keys(depois).map((k) => [k, (atual as Record<string, unknown>)[k] ?? null]));
  await registrarAlteracao(tx, autor, 'pessoa', id, antes as Record<string, string | null>, depois);
}
