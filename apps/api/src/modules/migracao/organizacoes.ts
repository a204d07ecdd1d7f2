import { organizacaoInput, SITUACOES_ORGANIZACAO } from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import type { IssueValidacao } from '@sig/i18n';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Contexto } from '../../platform/contexto.js';
import { AppError } from '../../platform/erros.js';
import { organizacoesDoEscopo } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';
import { aplicarEscrita } from '../../platform/permissoes.js';
import { aceitaCadastroDoTipo, moverSubarvore, novoIdOrganizacao } from '../organizacoes/index.js';
import { cnpjDe, dataPtBr, normalizarTexto, somenteDigitos } from './conversao.js';
import {
  ACESSO_MIGRACAO,
  type Autor,
  carregarReferencias,
  type Endereco,
  enderecoDaLinha,
  guardarIssue,
  inserirComIds,
  issue,
  type LinhaAnalisada,
  type Referencias,
  type ValoresLinha,
} from './pessoas.js';

/**
 * The organizations kind (issue 23): a row → an organization as its form would send it (checked
 * with `organizacaoInput`), placed under a parent in the writer's scope — one imported before
 * from the same source (earlier rows of the file too), or an existing one by code, name or CNPJ;
 * without one, under the run's organization. A rerun finds it by its key in the source.
 */
const { organizacao: org, organizacaoEndereco: endereco, organizacaoContato: contato, tipoOrganizacao } = schema;

/** The organization's own columns a row fills; a blank cell says nothing (never erases). */
const CAMPOS = ['razaoSocial', 'nomeFantasia', 'cnpj', 'tipoOrganizacaoId', 'situacao', 'dataCriacao'] as const;
type Campo = (typeof CAMPOS)[number];

/** The parent: an organization that exists, or one this run writes before (by its key in the source). */
export type PaiMigrado = { id: number } | { chaveLegada: string };

export type DadosOrganizacao = {
  campos: Partial<Record<Campo, string | number | null>>;
  pai: PaiMigrado | null;
  enderecos: Endereco[];
  contatos: { tipoContatoId: number; valor: string }[];
  chaveLegada: string;
};

type Existente = {
  id: number;
  caminho: string;
  noEscopo: boolean;
  organizacaoPaiId: number | null;
} & Record<Campo, string | number | null>;

/** What the rows refer to, loaded once per run (a registry holds thousands of organizations at most). */
export type ReferenciasOrganizacoes = {
  escopo: Set<number>;
  porId: Map<number, Existente>;
  /** Normalized name or razão social, CNPJ digits, or id as text → organizations. */
  porNome: Map<string, number[]>;
  /** Key in this run's source → organization. */
  porChave: Map<string, number>;
  cnpjs: Map<string, number>;
  tipos: Map<string, number>;
  tipoEmail: number | null;
  gerais: Referencias;
};

function acrescentar(m: Map<string, number[]>, chave: string, id: number) {
  if (!chave) return;
  const l = m.get(chave);
  if (l) l.push(id);
  else m.set(chave, [id]);
}

export async function carregarReferenciasOrganizacoes(
  db: DbOuTx,
  ctx: Contexto,
  origem: string,
): Promise<ReferenciasOrganizacoes> {
  const [escopo, orgs, tipos, [email], gerais] = await Promise.all([
    organizacoesDoEscopo(db, ctx, ACESSO_MIGRACAO),
    db
      .select({
        id: org.id,
        caminho: org.caminho,
        organizacaoPaiId: org.organizacaoPaiId,
        origem: org.origem,
        chaveLegada: org.chaveLegada,
        ...Object.fromEntries(CAMPOS.map((c) => [c, org[c]])),
      })
      .from(org)
      .where(isNull(org.excluidoEm)),
    db
      .select({ id: tipoOrganizacao.id, nome: tipoOrganizacao.nome, nomeEn: tipoOrganizacao.nomeEn })
      .from(tipoOrganizacao)
      .where(isNull(tipoOrganizacao.excluidoEm)),
    db
      .select({ id: schema.tipoContato.id })
      .from(schema.tipoContato)
      .where(and(isNull(schema.tipoContato.excluidoEm), eq(schema.tipoContato.nome, 'E-mail'))),
    carregarReferencias(db),
  ]);
  const r: ReferenciasOrganizacoes = {
    escopo: new Set(escopo),
    porId: new Map(),
    porNome: new Map(),
    porChave: new Map(),
    cnpjs: new Map(),
    tipos: new Map(),
    tipoEmail: email?.id ?? null,
    gerais,
  };
  for (const o of orgs as unknown as (Existente & { origem: string | null; chaveLegada: string | null })[]) {
    r.porId.set(o.id, { ...o, noEscopo: r.escopo.has(o.id) });
    acrescentar(r.porNome, String(o.id), o.id);
    acrescentar(r.porNome, normalizarTexto(String(o.nomeFantasia)), o.id);
    if (normalizarTexto(String(o.razaoSocial)) !== normalizarTexto(String(o.nomeFantasia)))
      acrescentar(r.porNome, normalizarTexto(String(o.razaoSocial)), o.id);
    if (o.cnpj) {
      acrescentar(r.porNome, String(o.cnpj), o.id);
      r.cnpjs.set(String(o.cnpj), o.id);
    }
    if (o.chaveLegada && o.origem === origem) r.porChave.set(o.chaveLegada, o.id);
  }
  for (const t of tipos) {
    r.tipos.set(normalizarTexto(t.nome), t.id);
    if (t.nomeEn) r.tipos.set(normalizarTexto(t.nomeEn), t.id);
  }
  return r;
}

const SITUACOES: [string, string][] = [
  ['ativ', 'ATIVA'],
  ['inativ', 'INATIVA'],
  ['em formacao', 'EM_FORMACAO'],
  ['formacao', 'EM_FORMACAO'],
  ['dissolvid', 'DISSOLVIDA'],
];

/** The row's address and contacts as the form's sub-records, plus what the form has no field for. */
function enderecoEContatos(v: ValoresLinha, refs: ReferenciasOrganizacoes) {
  const problemas: IssueValidacao[] = [];
  const endereco = enderecoDaLinha(v, refs.gerais, problemas);
  const enderecos = endereco ? [{ cep: v.cep ?? '', ...endereco, preferencial: true }] : [];
  const contatos: { tipoContatoId: number; valor: string; campo: string }[] = [];
  for (const [campo, tipo] of [
    ['telefone', refs.gerais.tipoTelefone],
    ['email', refs.tipoEmail],
  ] as const) {
    const valor = v[campo];
    if (!valor) continue;
    if (!tipo) problemas.push(issue(campo, 'validacao:referenciaInexistente'));
    else contatos.push({ tipoContatoId: tipo, valor, campo });
  }
  return { enderecos, contatos, problemas };
}

/** The sub-record issue's column in the sheet: `enderecos.0.cep` is the `cep` column. */
function campoDaPlanilha(path: PropertyKey[], contatos: { campo: string }[]): string {
  const [raiz, i, campo] = path.map(String);
  if (raiz === 'contatos') return contatos[Number(i)]?.campo ?? 'telefone';
  if (raiz === 'enderecos') return campo ?? 'logradouro';
  if (raiz === 'organizacaoPaiId') return 'organizacaoPai';
  if (raiz === 'tipoOrganizacaoId') return 'tipo';
  return raiz ?? 'linha';
}

/**
 * The registry's field rules (a profile may not write the CNPJ, say), as its form applies them:
 * a locked field the row would set or change is a row error on its column.
 */
function camposSemPermissao(ctx: Contexto, campos: Record<string, unknown>, existente: Existente | undefined) {
  try {
    aplicarEscrita(ctx, 'Organizacao', campos, campos, existente ?? null);
    return [];
  } catch (err) {
    if (!(err instanceof AppError) || err.codigo !== 'CAMPO_SEM_PERMISSAO') throw err;
    return (err.campos ?? []).map((c) => issue(campoDaPlanilha([c.campo], []), 'validacao:campoSemPermissao'));
  }
}

type Resolvido = { pai: PaiMigrado | null; problemas: IssueValidacao[] };

/**
 * The parent a row names: a key of this source (a row above in the file, or an organization
 * imported before), else an existing organization's code, name or CNPJ — in the writer's scope.
 */
function resolverPai(
  v: ValoresLinha,
  run: { organizacaoId: number },
  refs: ReferenciasOrganizacoes,
  vistas: Set<string>,
): Resolvido {
  if (!v.organizacaoPai) return { pai: { id: run.organizacaoId }, problemas: [] };
  const nome = v.organizacaoPai.trim();
  const porChave = refs.porChave.get(nome);
  if (!porChave && vistas.has(nome)) return { pai: { chaveLegada: nome }, problemas: [] };
  const achadas = porChave
    ? [porChave]
    : (refs.porNome.get(normalizarTexto(nome)) ?? refs.porNome.get(cnpjDe(nome)) ?? []);
  const noEscopo = achadas.filter((id) => refs.escopo.has(id));
  if (noEscopo.length === 1) return { pai: { id: noEscopo[0]! }, problemas: [] };
  const mensagem = noEscopo.length
    ? 'validacao:referenciaAmbigua'
    : achadas.length
      ? 'validacao:foraDoEscopo'
      : 'validacao:referenciaInexistente';
  return { pai: null, problemas: [issue('organizacaoPai', mensagem)] };
}

const igual = (a: unknown, b: unknown) => String(a ?? '') === String(b ?? '');

/**
 * A chunk of organization rows: each converted, its parent and type resolved, checked with the
 * organization form's schema, then matched by its key in the source. Nothing is written.
 * `vistas` holds the keys of the valid rows so far: a later row may name one as its parent.
 */
export async function analisarOrganizacoes(
  db: DbOuTx,
  ctx: Contexto,
  run: { organizacaoId: number; origem: string },
  refs: ReferenciasOrganizacoes,
  linhas: { numero: number; original: Record<string, string>; valores: ValoresLinha }[],
  vistas: Set<string>,
  cnpjsDoArquivo: Set<string>,
): Promise<LinhaAnalisada<DadosOrganizacao>[]> {
  const r: LinhaAnalisada<DadosOrganizacao>[] = [];
  const paiInformado = new Set(linhas.filter((l) => l.valores.organizacaoPai).map((l) => l.numero));
  for (const { numero, original, valores: v } of linhas) {
    const chaveLegada = v.chaveLegada?.trim() || null;
    const nomeFantasia = v.nomeFantasia ?? v.razaoSocial ?? '';
    const base = { numero, chaveLegada, original, diferencas: [], alvoId: null, descricao: nomeFantasia };
    const mensagens: IssueValidacao[] = [];
    const tipoOrganizacaoId = v.tipo ? (refs.tipos.get(normalizarTexto(v.tipo)) ?? null) : null;
    if (v.tipo && !tipoOrganizacaoId) mensagens.push(issue('tipo', 'validacao:referenciaInexistente'));
    const { pai, problemas } = resolverPai(v, run, refs, vistas);
    mensagens.push(...problemas);
    const { enderecos, contatos, problemas: doEndereco } = enderecoEContatos(v, refs);
    mensagens.push(...doEndereco);
    const situacaoLida = v.situacao ? normalizarTexto(v.situacao) : null;
    const situacao = situacaoLida
      ? (SITUACOES_ORGANIZACAO as readonly string[]).includes(v.situacao!.trim().toUpperCase())
        ? v.situacao!.trim().toUpperCase()
        : (SITUACOES.find(([p]) => situacaoLida.startsWith(p))?.[1] ?? v.situacao)
      : undefined;
    const entrada = {
      razaoSocial: v.razaoSocial ?? nomeFantasia,
      nomeFantasia,
      cnpj: v.cnpj ?? null,
      tipoOrganizacaoId,
      situacao,
      // A parent still to be written (a row above) is checked as present.
      organizacaoPaiId: pai && 'id' in pai ? pai.id : pai ? 1 : null,
      dataCriacao: v.dataCriacao ? dataPtBr(v.dataCriacao) : null,
      enderecos,
      contatos: contatos.map(({ tipoContatoId, valor }, i) => ({ tipoContatoId, valor, principal: i === 0 })),
    };
    const o = organizacaoInput.safeParse(entrada);
    if (!o.success)
      for (const i of o.error.issues) {
        const campo = campoDaPlanilha(i.path, contatos);
        // Type and parent have their own message above, on the column the sheet has.
        if ((campo === 'tipo' && v.tipo) || (campo === 'organizacaoPai' && problemas.length)) continue;
        mensagens.push(guardarIssue({ ...i, path: [campo] } as never, { [campo]: v[campo] ?? null }));
      }
    const cnpj = o.success ? o.data.cnpj : null;
    if (!chaveLegada) mensagens.push(issue('chaveLegada', 'validacao:obrigatorio'));
    else if (vistas.has(chaveLegada)) mensagens.push(issue('chaveLegada', 'validacao:repetidoNoArquivo'));
    const alvoId = chaveLegada ? (refs.porChave.get(chaveLegada) ?? null) : null;
    const existente = alvoId ? refs.porId.get(alvoId) : undefined;
    if (existente && !existente.noEscopo) mensagens.push(issue('chaveLegada', 'validacao:foraDoEscopo'));
    if (cnpj && cnpjsDoArquivo.has(cnpj)) mensagens.push(issue('cnpj', 'validacao:repetidoNoArquivo'));
    else if (cnpj && (refs.cnpjs.get(cnpj) ?? alvoId) !== alvoId)
      mensagens.push(issue('cnpj', 'validacao:valorDuplicado'));
    // Under itself or one of its descendants: the registry's own refusal.
    const paiExistente = pai && 'id' in pai ? refs.porId.get(pai.id) : undefined;
    if (existente && v.organizacaoPai && paiExistente?.caminho.startsWith(existente.caminho))
      mensagens.push(issue('organizacaoPai', 'erros:ORGANIZACAO_CICLO'));
    if (mensagens.length || !o.success || !chaveLegada || !pai) {
      r.push({ ...base, acao: 'ERRO', dados: null, mensagens });
      continue;
    }
    // One name column fills both on a new organization, never the other one of an existing organization.
    const campos: DadosOrganizacao['campos'] = {
      ...(v.razaoSocial ? { razaoSocial: o.data.razaoSocial } : {}),
      ...(v.nomeFantasia ? { nomeFantasia: o.data.nomeFantasia } : {}),
      tipoOrganizacaoId: o.data.tipoOrganizacaoId,
      ...(cnpj ? { cnpj } : {}),
      ...(v.situacao ? { situacao: o.data.situacao } : {}),
      ...(o.data.dataCriacao ? { dataCriacao: o.data.dataCriacao } : {}),
    };
    const bloqueados = camposSemPermissao(
      ctx,
      // The parent is written on a new organization, and on an existing one when the row names it.
      existente && !v.organizacaoPai ? campos : { ...campos, organizacaoPaiId: 'id' in pai ? pai.id : pai.chaveLegada },
      existente,
    );
    if (bloqueados.length) {
      r.push({ ...base, acao: 'ERRO', dados: null, mensagens: bloqueados });
      continue;
    }
    vistas.add(chaveLegada);
    if (cnpj) cnpjsDoArquivo.add(cnpj);
    const dados: DadosOrganizacao = {
      campos,
      pai,
      enderecos: o.data.enderecos.map((e) => ({
        cep: e.cep,
        logradouro: e.logradouro,
        numero: e.numero,
        complemento: e.complemento,
        bairro: e.bairro,
        estadoId: e.estadoId,
        cidadeId: e.cidadeId,
      })),
      contatos: o.data.contatos.map((c) => ({ tipoContatoId: c.tipoContatoId, valor: c.valor })),
      chaveLegada,
    };
    r.push({ ...base, acao: 'CRIAR', dados, mensagens: [] });
  }
  const existentes = r.filter((l) => l.acao === 'CRIAR' && refs.porChave.has(l.chaveLegada!));
  if (!existentes.length) return r;
  const filhos = await carregarFilhos(
    db,
    existentes.map((l) => refs.porChave.get(l.chaveLegada!)!),
  );
  for (const l of existentes) {
    const e = refs.porId.get(refs.porChave.get(l.chaveLegada!)!)!;
    l.alvoId = e.id;
    const { dados, diferencas } = diferencasCom(
      e,
      filhos.get(e.id) ?? { enderecos: [], contatos: [] },
      l.dados!,
      paiInformado.has(l.numero),
    );
    l.dados = dados;
    l.diferencas = diferencas;
    l.acao = diferencas.length ? 'ATUALIZAR' : 'IGNORAR';
  }
  return r;
}

type Filhos = { enderecos: { cep: string; logradouro: string; numero: string | null }[]; contatos: string[] };

/** The addresses and contacts the matched organizations have. */
async function carregarFilhos(db: DbOuTx, ids: number[]): Promise<Map<number, Filhos>> {
  const [enderecos, contatos] = await Promise.all([
    db
      .select({
        organizacaoId: endereco.organizacaoId,
        cep: endereco.cep,
        logradouro: endereco.logradouro,
        numero: endereco.numero,
      })
      .from(endereco)
      .where(inArray(endereco.organizacaoId, ids)),
    db
      .select({ organizacaoId: contato.organizacaoId, valor: contato.valor })
      .from(contato)
      .where(inArray(contato.organizacaoId, ids)),
  ]);
  const r = new Map<number, Filhos>(ids.map((id) => [id, { enderecos: [], contatos: [] }]));
  for (const e of enderecos) r.get(e.organizacaoId)?.enderecos.push(e);
  for (const c of contatos) r.get(c.organizacaoId)?.contatos.push(normalizarContato(c.valor));
  return r;
}

const normalizarContato = (v: string) => (v.includes('@') ? v.trim().toLowerCase() : somenteDigitos(v) || v.trim());

const mesmoEndereco = (a: { cep: string; logradouro: string; numero: string | null }, b: Endereco) =>
  normalizarTexto(a.logradouro) === normalizarTexto(b.logradouro) &&
  normalizarTexto(a.numero ?? '') === normalizarTexto(b.numero ?? '') &&
  somenteDigitos(a.cep) === somenteDigitos(b.cep ?? '');

/** What a row changes on the organization it matched: the columns it fills differently, the address and contacts it adds. */
function diferencasCom(e: Existente, f: Filhos, d: DadosOrganizacao, informado: boolean) {
  const campos: DadosOrganizacao['campos'] = {};
  const diferencas: LinhaAnalisada['diferencas'] = [];
  for (const [campo, valor] of Object.entries(d.campos) as [Campo, string | number | null][]) {
    if (igual(e[campo], valor)) continue;
    campos[campo] = valor;
    diferencas.push({ campo, antes: e[campo] ?? null, depois: valor });
  }
  // A sheet without the parent column says nothing about where the organization stands.
  const pai = informado && d.pai && ('chaveLegada' in d.pai || d.pai.id !== e.organizacaoPaiId) ? d.pai : null;
  if (pai)
    diferencas.push({
      campo: 'organizacaoPaiId',
      antes: e.organizacaoPaiId,
      depois: 'id' in pai ? pai.id : pai.chaveLegada,
    });
  const enderecos = d.enderecos.filter((n) => !f.enderecos.some((a) => mesmoEndereco(a, n)));
  if (enderecos.length)
    diferencas.push({ campo: 'enderecos', antes: null, depois: enderecos.map((x) => x.logradouro) });
  const contatos = d.contatos.filter((c) => !f.contatos.includes(normalizarContato(c.valor)));
  if (contatos.length) diferencas.push({ campo: 'contatos', antes: null, depois: contatos.map((c) => c.valor) });
  return { dados: { ...d, campos, pai, enderecos, contatos }, diferencas };
}

// ---------------------------------------------------------------- the batch's writer

/** What undo needs: the columns before (parent included), and the address and contacts added. */
export type AnterioresOrganizacao = {
  campos: Record<string, unknown> | null;
  enderecos: number[];
  contatos: number[];
};

/** The parent as it stands when the row is written: one imported above is found by its key now. */
async function paiAgora(tx: DbOuTx, origem: string, pai: PaiMigrado) {
  const [p] = await tx
    .select({ id: org.id, caminho: org.caminho, nivel: org.nivel })
    .from(org)
    .where(
      and(
        'id' in pai ? eq(org.id, pai.id) : and(eq(org.origem, origem), eq(org.chaveLegada, pai.chaveLegada)),
        isNull(org.excluidoEm),
      ),
    );
  if (!p) throw new AppError('NAO_ENCONTRADO');
  return p;
}

/** The organization and its whole subtree under another parent, as the registry moves it. */
async function mover(tx: DbOuTx, id: number, paiId: number) {
  const no = { id: org.id, caminho: org.caminho, nivel: org.nivel };
  const [atual] = await tx.select(no).from(org).where(eq(org.id, id));
  const [p] = await tx.select(no).from(org).where(eq(org.id, paiId));
  if (!atual || !p) throw new AppError('NAO_ENCONTRADO');
  await moverSubarvore(tx, atual, p);
}

async function inserirFilhos(tx: DbOuTx, organizacaoId: number, d: DadosOrganizacao, primeiro: boolean) {
  return {
    enderecos: await inserirComIds(
      tx,
      endereco,
      d.enderecos.map((e) => ({ ...e, cep: e.cep ?? '', organizacaoId, preferencial: primeiro })),
    ),
    contatos: await inserirComIds(
      tx,
      contato,
      d.contatos.map((c, i) => ({ ...c, organizacaoId, principal: primeiro && i === 0 })),
    ),
  };
}

/** A CNPJ another organization took since the dry run: the row fails alone. */
async function exigirCnpjLivre(tx: DbOuTx, cnpj: unknown, proprioId: number | null) {
  if (!cnpj) return;
  const [outro] = await tx
    .select({ id: org.id })
    .from(org)
    .where(and(eq(org.cnpj, String(cnpj)), isNull(org.excluidoEm)));
  if (outro && outro.id !== proprioId) throw new AppError('DOCUMENTO_DUPLICADO');
}

/**
 * Writes one organization row of a confirmed run, in the caller's transaction: a new organization
 * (with the run's source and the row's key) under its parent, or the matched one's changes.
 */
export async function escreverOrganizacao(
  tx: DbOuTx,
  autor: Autor,
  run: { origem: string },
  linha: { acao: string; alvoId: number | null; dados: DadosOrganizacao },
): Promise<{ alvoId: number; anteriores: AnterioresOrganizacao }> {
  const d = linha.dados;
  await exigirCnpjLivre(tx, d.campos.cnpj, linha.alvoId);
  if (linha.acao === 'CRIAR') {
    // Another run of the same source confirmed meanwhile: the organization is there already.
    const [ja] = await tx
      .select({ id: org.id })
      .from(org)
      .where(and(eq(org.origem, run.origem), eq(org.chaveLegada, d.chaveLegada), isNull(org.excluidoEm)));
    if (ja) throw new AppError('MIGRACAO_JA_IMPORTADA');
    const pai = await paiAgora(tx, run.origem, d.pai!);
    const tipoOrganizacaoId = Number(d.campos.tipoOrganizacaoId);
    const id = await novoIdOrganizacao(tx);
    await tx
      .insert(org)
      .overridingSystemValue()
      .values({
        id,
        aceitaCadastro: aceitaCadastroDoTipo(tipoOrganizacaoId),
        razaoSocial: String(d.campos.razaoSocial ?? d.campos.nomeFantasia),
        nomeFantasia: String(d.campos.nomeFantasia ?? d.campos.razaoSocial),
        tipoOrganizacaoId,
        cnpj: (d.campos.cnpj as string | undefined) ?? null,
        situacao: (d.campos.situacao as string | undefined) ?? 'ATIVA',
        dataCriacao: (d.campos.dataCriacao as string | undefined) ?? null,
        organizacaoPaiId: pai.id,
        caminho: `${pai.caminho}${id}/`,
        nivel: pai.nivel + 1,
        origem: run.origem,
        chaveLegada: d.chaveLegada,
      });
    const filhos = await inserirFilhos(tx, id, d, true);
    await registrarAlteracao(tx, autor, 'organizacao', id, null, {
      ...d.campos,
      organizacaoPaiId: pai.id,
      enderecos: d.enderecos,
      contatos: d.contatos,
      origem: run.origem,
      chaveLegada: d.chaveLegada,
    });
    return { alvoId: id, anteriores: { campos: null, ...filhos } };
  }
  const id = linha.alvoId!;
  const [atual] = await tx
    .select()
    .from(org)
    .where(and(eq(org.id, id), isNull(org.excluidoEm)))
    .for('update');
  if (!atual) throw new AppError('NAO_ENCONTRADO');
  const antes: Record<string, unknown> = Object.fromEntries(
    Object.keys(d.campos).map((k) => [k, (atual as Record<string, unknown>)[k] ?? null]),
  );
  if (d.pai) {
    antes.organizacaoPaiId = atual.organizacaoPaiId;
    await mover(tx, id, (await paiAgora(tx, run.origem, d.pai)).id);
  }
  if (Object.keys(d.campos).length)
    await tx
      .update(org)
      .set({ ...d.campos, atualizadoEm: new Date() } as never)
      .where(eq(org.id, id));
  const filhos = await inserirFilhos(tx, id, d, false);
  await registrarAlteracao(tx, autor, 'organizacao', id, antes as never, {
    ...d.campos,
    ...(d.pai ? { organizacaoPaiId: 'id' in d.pai ? d.pai.id : d.pai.chaveLegada } : {}),
    ...(d.enderecos.length ? { enderecos: d.enderecos } : {}),
    ...(d.contatos.length ? { contatos: d.contatos } : {}),
  });
  return { alvoId: id, anteriores: { campos: antes, ...filhos } };
}

/** People registered in the organization or users with access to it. */
async function emUso(tx: DbOuTx, id: number) {
  const { pessoa, usuarioOrganizacao: vinculo } = schema;
  const [membro] = await tx
    .select({ id: pessoa.id })
    .from(pessoa)
    .where(and(eq(pessoa.organizacaoId, id), isNull(pessoa.excluidoEm)))
    .limit(1);
  if (membro) return true;
  const [usuario] = await tx
    .select({ id: vinculo.usuarioId })
    .from(vinculo)
    .where(eq(vinculo.organizacaoId, id))
    .limit(1);
  return !!usuario;
}

/**
 * Undoes one written organization row: what it created leaves the registry, what it changed gets
 * its values back. False when it created one that people or users joined since: that one stays.
 */
export async function desfazerOrganizacao(
  tx: DbOuTx,
  autor: Autor,
  linha: { acao: string; alvoId: number; anteriores: AnterioresOrganizacao },
): Promise<boolean> {
  const { alvoId: id, anteriores: a } = linha;
  const agora = new Date();
  if (linha.acao === 'CRIAR') {
    // Locked first: a person or a user joining meanwhile waits for the undo, or the undo sees them.
    await tx.select({ id: org.id }).from(org).where(eq(org.id, id)).for('update');
    if (await emUso(tx, id)) return false;
    await tx.update(org).set({ excluidoEm: agora, atualizadoEm: agora }).where(eq(org.id, id));
    await registrarAlteracao(tx, autor, 'organizacao', id, { excluidoEm: null }, { excluidoEm: agora.toISOString() });
    return true;
  }
  if (a.enderecos.length) await tx.delete(endereco).where(inArray(endereco.id, a.enderecos));
  if (a.contatos.length) await tx.delete(contato).where(inArray(contato.id, a.contatos));
  const { organizacaoPaiId, ...campos } = a.campos ?? {};
  const [atual] = await tx.select().from(org).where(eq(org.id, id)).for('update');
  if (!atual) return true;
  if (organizacaoPaiId !== undefined && organizacaoPaiId !== null && organizacaoPaiId !== atual.organizacaoPaiId)
    await mover(tx, id, Number(organizacaoPaiId));
  if (Object.keys(campos).length)
    await tx
      .update(org)
      .set({ ...campos, atualizadoEm: agora } as never)
      .where(eq(org.id, id));
  const depois = { ...campos, ...(organizacaoPaiId !== undefined ? { organizacaoPaiId } : {}) };
  const antes = Object.fromEntries(Object.keys(depois).map((k) => [k, (atual as Record<string, unknown>)[k] ?? null]));
  await registrarAlteracao(tx, autor, 'organizacao', id, antes as never, depois as never);
  return true;
}
