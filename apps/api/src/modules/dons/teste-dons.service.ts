import type {
  Paged,
  PontuacaoDom,
  QuestionarioDons,
  SelectOpcao,
  TesteDonsInput,
  TesteDonsListQuery,
  TesteDonsResultado,
  TesteDonsResumo,
} from '@sig/contracts';
import { type DbOuTx, schema } from '@sig/db';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Contexto, Deps } from '../../platform/contexto.js';
import { AppError, type CampoErro, erroDeCampo, naoEncontrado } from '../../platform/erros.js';
import { filtroPessoal } from '../../platform/escopo.js';
import { registrarAlteracao } from '../../platform/historico.js';

const ACESSO = 'TesteDons';
const ENTIDADE = 'teste-dons';
/** Period filters are calendar days of the church, whatever the server's zone. */
const FUSO = 'America/Sao_Paulo';

const { testeDons: teste, gabaritoDons: gabarito, gabaritoDom: dom, gabaritoPergunta: pergunta, pessoa } = schema;
const { organizacao } = schema;

/**
 * Tests are the person's organization's: seen and deleted within the user's scope, and only the
 * user's own person's by whoever may not see people (a member).
 */
const noEscopo = (ctx: Contexto) => filtroPessoal(ctx, ACESSO, teste.organizacaoId, teste.pessoaId);

const selecaoResumo = {
  id: teste.id,
  pessoaId: teste.pessoaId,
  pessoaNome: sql<string>`trim(${pessoa.nome} || ' ' || ${pessoa.sobrenome})`,
  gabaritoId: teste.gabaritoId,
  gabaritoNome: gabarito.nome,
  organizacaoNome: organizacao.nomeFantasia,
  realizadoEm: teste.realizadoEm,
};

const ORDENACAO: Record<string, SQL> = {
  pessoaNome: sql`lower(${pessoa.nome} || ' ' || ${pessoa.sobrenome})`,
  gabaritoNome: sql`lower(${gabarito.nome})`,
  realizadoEm: sql`${teste.realizadoEm}`,
};

const comData = <T extends { realizadoEm: Date }>(l: T) => ({ ...l, realizadoEm: l.realizadoEm.toISOString() });

export async function listarPaginado(
  deps: Deps,
  ctx: Contexto,
  q: TesteDonsListQuery,
): Promise<Paged<TesteDonsResumo>> {
  const onde = and(
    isNull(teste.excluidoEm),
    noEscopo(ctx),
    q.pessoaId ? eq(teste.pessoaId, q.pessoaId) : undefined,
    q.gabaritoId ? eq(teste.gabaritoId, q.gabaritoId) : undefined,
    q.periodoDe ? sql`${teste.realizadoEm} >= (${q.periodoDe}::date)::timestamp at time zone ${FUSO}` : undefined,
    q.periodoAte ? sql`${teste.realizadoEm} < (${q.periodoAte}::date + 1)::timestamp at time zone ${FUSO}` : undefined,
  );
  // Newest first unless a column is chosen.
  const direcao = !q.ordenarPor || q.ordem === 'desc' ? desc : asc;
  const [linhas, contagem] = await Promise.all([
    deps.db
      .select(selecaoResumo)
      .from(teste)
      .innerJoin(pessoa, eq(pessoa.id, teste.pessoaId))
      .innerJoin(gabarito, eq(gabarito.id, teste.gabaritoId))
      .innerJoin(organizacao, eq(organizacao.id, teste.organizacaoId))
      .where(onde)
      .orderBy(direcao(ORDENACAO[q.ordenarPor ?? 'realizadoEm']!), direcao(teste.id))
      .limit(q.quantidade)
      .offset((q.pagina - 1) * q.quantidade),
    deps.db.select({ n: sql<number>`count(*)::int` }).from(teste).where(onde),
  ]);
  return { itens: linhas.map(comData), total: contagem[0]?.n ?? 0, pagina: q.pagina, quantidade: q.quantidade };
}

/** Answer keys a test may be taken with: active and not deleted. */
const gabaritoAtivo = and(isNull(gabarito.excluidoEm), eq(gabarito.ativo, true));

export async function gabaritos(deps: Deps): Promise<SelectOpcao[]> {
  return deps.db
    .select({ value: gabarito.id, label: gabarito.nome })
    .from(gabarito)
    .where(gabaritoAtivo)
    .orderBy(asc(sql`lower(${gabarito.nome})`), asc(gabarito.id));
}

const perguntasDe = (db: DbOuTx, gabaritoId: number) =>
  db
    .select({ id: pergunta.id, ordem: pergunta.ordem, texto: pergunta.texto, dom: pergunta.dom })
    .from(pergunta)
    .where(and(eq(pergunta.gabaritoId, gabaritoId), isNull(pergunta.excluidoEm)))
    .orderBy(asc(pergunta.ordem), asc(pergunta.id));

/** The questionnaire of an active key; which gift each question scores stays on the server. */
export async function questionario(deps: Deps, gabaritoId: number): Promise<QuestionarioDons> {
  const [g] = await deps.db
    .select({
      id: gabarito.id,
      nome: gabarito.nome,
      descricao: gabarito.descricao,
      escalaMaxima: gabarito.escalaMaxima,
    })
    .from(gabarito)
    .where(and(eq(gabarito.id, gabaritoId), gabaritoAtivo));
  if (!g) throw naoEncontrado();
  const perguntas = await perguntasDe(deps.db, gabaritoId);
  return { ...g, perguntas: perguntas.map(({ id, ordem, texto }) => ({ id, ordem, texto })) };
}

/** Points per gift key: the sum of the answers to the questions that score it. */
export function pontuar(
  perguntas: readonly { id: number; dom: string }[],
  chaves: readonly string[],
  respostas: Readonly<Record<string, number>>,
): Record<string, number> {
  // Questions name their gift case-insensitively (the keys are unique that way); points go to the key as written.
  const porMinuscula = new Map(chaves.map((c) => [c.toLowerCase(), c]));
  const pontos: Record<string, number> = Object.fromEntries(chaves.map((c) => [c, 0]));
  for (const p of perguntas) {
    const chave = porMinuscula.get(p.dom.toLowerCase());
    if (chave !== undefined) pontos[chave] = (pontos[chave] ?? 0) + (respostas[String(p.id)] ?? 0);
  }
  return pontos;
}

/** Every question of the key answered, within its scale, and nothing else. */
function exigirRespostas(perguntas: readonly { id: number }[], escala: number, respostas: Record<string, number>) {
  const campos: CampoErro[] = [];
  const ids = new Set(perguntas.map((p) => String(p.id)));
  for (const p of perguntas) {
    const v = respostas[String(p.id)];
    if (v === undefined) campos.push({ campo: `respostas.${p.id}`, mensagem: 'validacao:respostaObrigatoria' });
    else if (v > escala) campos.push({ campo: `respostas.${p.id}`, mensagem: 'validacao:respostaForaDaEscala' });
  }
  for (const k of Object.keys(respostas))
    if (!ids.has(k)) campos.push({ campo: `respostas.${k}`, mensagem: 'validacao:perguntaDeOutroGabarito' });
  if (campos.length) throw new AppError('VALIDACAO', {}, campos);
}

export async function criar(deps: Deps, ctx: Contexto, entrada: TesteDonsInput): Promise<TesteDonsResultado> {
  const id = await deps.db.transaction(async (tx) => {
    const [g] = await tx
      .select({ id: gabarito.id, ativo: gabarito.ativo, escalaMaxima: gabarito.escalaMaxima })
      .from(gabarito)
      .where(and(eq(gabarito.id, entrada.gabaritoId), isNull(gabarito.excluidoEm)));
    if (!g) throw erroDeCampo('gabaritoId', 'referenciaInexistente');
    if (!g.ativo) throw erroDeCampo('gabaritoId', 'gabaritoInativo');
    // A person outside the scope reads as missing, as in the people module; none named is oneself.
    const pessoaId = entrada.pessoaId ?? ctx.pessoaId;
    const [p] = await tx
      .select({ organizacaoId: pessoa.organizacaoId })
      .from(pessoa)
      .where(
        and(
          eq(pessoa.id, pessoaId),
          isNull(pessoa.excluidoEm),
          filtroPessoal(ctx, ACESSO, pessoa.organizacaoId, pessoa.id),
        ),
      );
    if (!p) throw erroDeCampo('pessoaId', 'referenciaInexistente');
    const perguntas = await perguntasDe(tx, g.id);
    exigirRespostas(perguntas, g.escalaMaxima, entrada.respostas);
    const chaves = await tx
      .select({ chave: dom.chave })
      .from(dom)
      .where(and(eq(dom.gabaritoId, g.id), isNull(dom.excluidoEm)));
    const pontuacao = pontuar(
      perguntas,
      chaves.map((c) => c.chave),
      entrada.respostas,
    );
    const [novo] = await tx
      .insert(teste)
      .values({
        gabaritoId: g.id,
        pessoaId,
        organizacaoId: p.organizacaoId,
        respostas: entrada.respostas,
        pontuacao,
      })
      .returning({ id: teste.id });
    await registrarAlteracao(tx, ctx, ENTIDADE, novo!.id, null, {
      gabaritoId: g.id,
      pessoaId,
      respostas: entrada.respostas,
      pontuacao,
    });
    return novo!.id;
  });
  return obter(deps, ctx, id);
}

export async function obter(deps: Deps, ctx: Contexto, id: number): Promise<TesteDonsResultado> {
  const [linha] = await deps.db
    .select({
      ...selecaoResumo,
      escalaMaxima: gabarito.escalaMaxima,
      respostas: teste.respostas,
      pontuacao: teste.pontuacao,
    })
    .from(teste)
    .innerJoin(pessoa, eq(pessoa.id, teste.pessoaId))
    .innerJoin(gabarito, eq(gabarito.id, teste.gabaritoId))
    .innerJoin(organizacao, eq(organizacao.id, teste.organizacaoId))
    .where(and(eq(teste.id, id), isNull(teste.excluidoEm), noEscopo(ctx)));
  if (!linha) throw naoEncontrado();
  return {
    id: linha.id,
    pessoaId: linha.pessoaId,
    pessoaNome: linha.pessoaNome,
    gabaritoId: linha.gabaritoId,
    gabaritoNome: linha.gabaritoNome,
    organizacaoNome: linha.organizacaoNome,
    realizadoEm: linha.realizadoEm.toISOString(),
    escalaMaxima: linha.escalaMaxima,
    pontuacao: await detalharPontuacao(deps.db, linha),
  };
}

/**
 * The stored points with each gift's name and maximum. The key may have been edited since the
 * test: the maximum counts the questions the person answered (deleted ones included), and a
 * gift removed since keeps its key as its name.
 */
async function detalharPontuacao(
  db: DbOuTx,
  t: {
    gabaritoId: number;
    escalaMaxima: number;
    respostas: Record<string, number>;
    pontuacao: Record<string, number>;
  },
): Promise<PontuacaoDom[]> {
  const ids = Object.keys(t.respostas).map(Number);
  const [respondidas, dons] = await Promise.all([
    ids.length
      ? db
          .select({ dom: pergunta.dom })
          .from(pergunta)
          .where(and(eq(pergunta.gabaritoId, t.gabaritoId), inArray(pergunta.id, ids)))
      : [],
    db
      .select({ chave: dom.chave, nome: dom.nome, descricao: dom.descricao })
      .from(dom)
      .where(eq(dom.gabaritoId, t.gabaritoId))
      // Deleted gifts first, so that a current one with the same key overwrites them in the map below.
      .orderBy(sql`${dom.excluidoEm} is null`, asc(dom.id)),
  ]);
  const porChave = new Map(dons.map((d) => [d.chave.toLowerCase(), d]));
  const perguntasPorDom = new Map<string, number>();
  for (const p of respondidas) {
    const k = p.dom.toLowerCase();
    perguntasPorDom.set(k, (perguntasPorDom.get(k) ?? 0) + 1);
  }
  return Object.entries(t.pontuacao)
    .map(([chave, pontos]) => {
      const d = porChave.get(chave.toLowerCase());
      const maximo = (perguntasPorDom.get(chave.toLowerCase()) ?? 0) * t.escalaMaxima;
      return {
        chave,
        nome: d?.nome ?? chave,
        descricao: d?.descricao ?? null,
        pontos,
        // A scale lowered after the test must not show more points than the maximum.
        maximo: Math.max(maximo, pontos),
      };
    })
    .sort((a, b) => b.pontos - a.pontos || a.nome.localeCompare(b.nome, 'pt-BR'));
}

export async function excluir(deps: Deps, ctx: Contexto, id: number): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [anterior] = await tx
      .update(teste)
      .set({ excluidoEm: new Date() })
      .where(and(eq(teste.id, id), isNull(teste.excluidoEm), noEscopo(ctx)))
      .returning({
        gabaritoId: teste.gabaritoId,
        pessoaId: teste.pessoaId,
        respostas: teste.respostas,
        pontuacao: teste.pontuacao,
      });
    if (!anterior) throw naoEncontrado();
    await registrarAlteracao(tx, ctx, ENTIDADE, id, anterior, null);
  });
}
