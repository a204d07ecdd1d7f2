import { type DbOuTx, schema } from '@sig/db';
import { inserirOrganizacao, nomeBuscaSql } from '@sig/db/seed';
import { and, asc, eq, isNull, like, ne, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { z } from 'zod';
import { hashToken, novoToken } from '../src/platform/cripto.js';

/**
 * Test factories: one function per entity that writes a valid row straight to the database,
 * every field overridable, and finders for the demo seed's rows. A test states only what it is
 * about; the rest is a sound default. Rows the API itself must create (its rules are the subject)
 * are still created through `t.req`.
 */

type Linha<T extends { $inferInsert: object }> = Partial<T['$inferInsert']>;

let contador = 0;
/** A value no other row of this run has (names, e-mails, CPFs' bases). */
export const unico = (prefixo: string) => `${prefixo} ${process.pid}-${++contador}`;

async function um<T>(consulta: Promise<T[]>, oQue: string): Promise<T> {
  const [linha] = await consulta;
  if (!linha) throw new Error(`not in the seed: ${oQue}`);
  return linha;
}

// --- The demo seed's rows (packages/db/src/seed/demo.ts) ---

/** An organization of the seed by its trade name ('Sínodo Rio dos Sinos'). */
export const organizacaoPorNome = async (db: DbOuTx, nome: string) =>
  (
    await um(
      db
        .select({ id: schema.organizacao.id })
        .from(schema.organizacao)
        .where(eq(schema.organizacao.nomeFantasia, nome)),
      nome,
    )
  ).id;

/** A user of the seed by e-mail ('paroquia@sig.local'). */
export const usuarioPorEmail = async (db: DbOuTx, email: string) =>
  (await um(db.select({ id: schema.usuario.id }).from(schema.usuario).where(eq(schema.usuario.email, email)), email))
    .id;

/** A profile of the seed by name ('Secretaria Paroquial'). */
export const perfilPorNome = async (db: DbOuTx, nome: string) =>
  (await um(db.select({ id: schema.perfil.id }).from(schema.perfil).where(eq(schema.perfil.nome, nome)), nome)).id;

/** The organization a seed user acts for when signing in (their default link). */
export const organizacaoDoUsuario = async (db: DbOuTx, email: string) =>
  (
    await um(
      db
        .select({ id: schema.usuarioOrganizacao.organizacaoId })
        .from(schema.usuarioOrganizacao)
        .innerJoin(schema.usuario, eq(schema.usuario.id, schema.usuarioOrganizacao.usuarioId))
        .where(eq(schema.usuario.email, email))
        .orderBy(asc(schema.usuarioOrganizacao.criadoEm))
        .limit(1),
      email,
    )
  ).id;

/** A person of the seed by CPF ('39053344705': a member of the treasurer's parish), with their organization. */
export const pessoaPorCpf = (db: DbOuTx, cpf: string) =>
  um(
    db
      .select({ id: schema.pessoa.id, organizacaoId: schema.pessoa.organizacaoId })
      .from(schema.pessoa)
      .where(eq(schema.pessoa.cpf, cpf)),
    cpf,
  );

/** The first `quantas` people of an organization (by id), at least that many or the test fails. */
export async function pessoasDe(db: DbOuTx, organizacaoId: number, quantas: number) {
  const linhas = await db
    .select({ id: schema.pessoa.id })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.organizacaoId, organizacaoId))
    .orderBy(schema.pessoa.id)
    .limit(quantas);
  if (linhas.length < quantas) throw new Error(`not in the seed: ${quantas} people of organization ${organizacaoId}`);
  return linhas.map((p) => p.id);
}

/** The newest organization (of level `nivel` when told) that is neither `organizacaoId` nor under it: outside its scope. */
export const organizacaoForaDe = async (db: DbOuTx, organizacaoId: number, nivel?: number) =>
  (
    await um(
      db
        .select({ id: schema.organizacao.id })
        .from(schema.organizacao)
        .where(
          and(
            ne(schema.organizacao.id, organizacaoId),
            sql`${schema.organizacao.caminho} not like '%/' || ${organizacaoId} || '/%'`,
            nivel === undefined ? undefined : eq(schema.organizacao.nivel, nivel),
          ),
        )
        .orderBy(sql`${schema.organizacao.id} desc`)
        .limit(1),
      `an organization outside ${organizacaoId}`,
    )
  ).id;

/** A synod of the seed other than 'Sínodo Rio dos Sinos' (whose users the demo signs in as). */
export const outroSinodo = async (db: DbOuTx) =>
  (
    await um(
      db
        .select({ id: schema.organizacao.id })
        .from(schema.organizacao)
        .where(
          and(
            like(schema.organizacao.nomeFantasia, 'Sínodo%'),
            ne(schema.organizacao.nomeFantasia, 'Sínodo Rio dos Sinos'),
          ),
        )
        .limit(1),
      'another synod',
    )
  ).id;

/** The change history of one record, oldest first; of one field or one operation when told. */
export const historicoDe = (
  db: DbOuTx,
  entidade: string,
  entidadeId: number,
  filtro: { campo?: string; operacao?: string } = {},
) =>
  db
    .select()
    .from(schema.historicoAlteracao)
    .where(
      and(
        eq(schema.historicoAlteracao.entidade, entidade),
        eq(schema.historicoAlteracao.entidadeId, entidadeId),
        filtro.campo === undefined ? undefined : eq(schema.historicoAlteracao.campo, filtro.campo),
        filtro.operacao === undefined ? undefined : eq(schema.historicoAlteracao.operacao, filtro.operacao),
      ),
    )
    .orderBy(asc(schema.historicoAlteracao.id));

/** The mail written to the outbox for an address. */
export const emailsPara = (db: DbOuTx, para: string) =>
  db.select().from(schema.caixaSaida).where(eq(schema.caixaSaida.para, para));

// --- Factories ---

/** An organization under `organizacaoPaiId` (default: the church, the root), with its path. */
export async function criarOrganizacao(db: DbOuTx, campos: Linha<typeof schema.organizacao> = {}) {
  const raiz = await um(
    db
      .select({ id: schema.organizacao.id, tipo: schema.organizacao.tipoOrganizacaoId })
      .from(schema.organizacao)
      .where(eq(schema.organizacao.nivel, 0)),
    'the church',
  );
  const nome = campos.nomeFantasia ?? unico('Organização');
  const { id } = await inserirOrganizacao(db, {
    razaoSocial: nome,
    nomeFantasia: nome,
    tipoOrganizacaoId: raiz.tipo,
    organizacaoPaiId: raiz.id,
    ...campos,
  });
  return id;
}

/** A person as the people service writes one: its `nomeBusca` too, so a search by name finds it. */
export async function criarPessoa(db: DbOuTx, campos: Linha<typeof schema.pessoa> & { organizacaoId: number }) {
  const dados = { nome: 'Pessoa', sobrenome: unico('Teste'), status: 'ATIVO' as const, ...campos };
  const [p] = await db
    .insert(schema.pessoa)
    .values({ nomeBusca: nomeBuscaSql(dados.nome, dados.sobrenome ?? ''), ...dados })
    .returning();
  return p!;
}

/** A profile with the given screens' permissions (all actions unless told). */
export async function criarPerfil(
  db: DbOuTx,
  campos: Linha<typeof schema.perfil> & {
    permissoes?: (Omit<Linha<typeof schema.perfilPermissao>, 'perfilId'> & { acesso: string })[];
  } = {},
) {
  const { permissoes = [], ...perfil } = campos;
  const [p] = await db
    .insert(schema.perfil)
    .values({ nome: unico('Perfil'), ...perfil })
    .returning();
  if (permissoes.length)
    await db.insert(schema.perfilPermissao).values(
      permissoes.map((x) => ({
        perfilId: p!.id,
        listar: true,
        visualizar: true,
        criar: true,
        atualizar: true,
        excluir: true,
        ...x,
      })),
    );
  return p!;
}

/**
 * A signed-in session for a user, written as sign-in writes it (the token's hash) but without
 * the password's deliberate cost: at the user's default link unless told.
 */
export async function criarSessao(
  db: DbOuTx,
  usuarioId: number,
  vinculo?: { organizacaoId: number; perfilId: number },
): Promise<string> {
  const v =
    vinculo ??
    (await um(
      db
        .select({
          organizacaoId: schema.usuarioOrganizacao.organizacaoId,
          perfilId: schema.usuarioOrganizacao.perfilId,
        })
        .from(schema.usuarioOrganizacao)
        .innerJoin(schema.organizacao, eq(schema.organizacao.id, schema.usuarioOrganizacao.organizacaoId))
        .where(and(eq(schema.usuarioOrganizacao.usuarioId, usuarioId), isNull(schema.organizacao.excluidoEm)))
        .orderBy(asc(schema.usuarioOrganizacao.criadoEm))
        .limit(1),
      `a link of user ${usuarioId}`,
    ));
  const token = novoToken();
  await db.insert(schema.sessao).values({ tokenHash: hashToken(token), usuarioId, ...v });
  return token;
}

/**
 * A person, their user, the link (organization + profile) and a session: `token` is ready for
 * `t.req`. The password hash is not a valid one: this user signs in by the token only.
 */
export async function criarUsuario(
  db: DbOuTx,
  v: { organizacaoId: number; perfilId: number; email?: string; pessoa?: Linha<typeof schema.pessoa> },
) {
  const pessoa = await criarPessoa(db, { organizacaoId: v.organizacaoId, ...v.pessoa });
  const email = v.email ?? `${unico('usuario').replace(/\W/g, '-')}@teste.local`;
  const [usuario] = await db
    .insert(schema.usuario)
    .values({ pessoaId: pessoa.id, email, senhaHash: 'fabrica$sem-senha' })
    .returning();
  await db
    .insert(schema.usuarioOrganizacao)
    .values({ usuarioId: usuario!.id, organizacaoId: v.organizacaoId, perfilId: v.perfilId, padrao: true });
  const token = await criarSessao(db, usuario!.id, v);
  return { usuario: usuario!, pessoa, token };
}

export async function criarContaAReceber(
  db: DbOuTx,
  campos: Linha<typeof schema.contaAReceber> & { organizacaoId: number },
) {
  const [c] = await db
    .insert(schema.contaAReceber)
    .values({
      tipo: 'CONTRIBUICAO',
      mesCompetencia: 5,
      anoCompetencia: 2099,
      vencimento: '2099-05-10',
      valorPrevisto: '40.00',
      ...campos,
    })
    .returning();
  return c!;
}

/** A charge as the provider would have made it, for a receivable. */
export async function criarCobranca(db: DbOuTx, campos: Linha<typeof schema.cobranca> & { contaAReceberId: number }) {
  const [c] = await db
    .insert(schema.cobranca)
    .values({
      provedorId: unico('pay').replace(/\W/g, '_'),
      clienteProvedorId: 'cus_fabrica',
      forma: 'BOLETO',
      valor: '40.00',
      vencimento: '2099-05-10',
      status: 'ABERTO',
      statusProvedor: 'PENDING',
      ...campos,
    })
    .returning();
  return c!;
}

export async function criarCulto(db: DbOuTx, campos: Linha<typeof schema.culto> & { organizacaoId: number }) {
  const [c] = await db
    .insert(schema.culto)
    .values({ data: '2099-05-10', hora: '10:00', presentes: 30, ofertas: '120.50', ...campos })
    .returning();
  return c!;
}

/** A ticket opened by `solicitanteUsuarioId`, answered by them unless told, in the seed's first category. */
export async function criarAtendimento(
  db: DbOuTx,
  campos: Linha<typeof schema.atendimento> & {
    solicitanteUsuarioId: number;
    organizacaoOrigemId: number;
    organizacaoDestinoId: number;
  },
) {
  const categoria = await um(
    db.select({ id: schema.categoriaAtendimento.id }).from(schema.categoriaAtendimento).limit(1),
    'a ticket category',
  );
  const [a] = await db
    .insert(schema.atendimento)
    .values({
      protocolo: unico('F').replace(/\W/g, ''),
      assunto: 'Pedido de teste',
      descricao: 'Criado pela fábrica de testes.',
      categoriaAtendimentoId: categoria.id,
      responsavelUsuarioId: campos.solicitanteUsuarioId,
      status: 'ABERTO',
      ...campos,
    })
    .returning();
  return a!;
}

// --- Answers ---

/**
 * The answer's body read through its contract schema (packages/contracts): a field the contract
 * does not have, or one of the wrong type, fails the test here rather than passing unnoticed.
 */
export function parse<T extends z.ZodType>(esquema: T, resposta: LightMyRequestResponse): z.output<T> {
  const r = esquema.safeParse(resposta.json());
  if (!r.success)
    throw new Error(`${resposta.statusCode} answer does not match its contract: ${r.error.message}\n${resposta.body}`);
  return r.data;
}
