import { randomBytes } from 'node:crypto';
import { getBanks, getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import { PERFIL_ADMINISTRADOR } from '@sig/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db, DbOuTx } from '../index.js';
import * as schema from '../schema/index.js';
import { hashSenha } from '../senha.js';
import { nomeBuscaSql } from './nome-busca.js';

export const TIPOS_ORGANIZACAO = [
  { nome: 'Igreja', nivel: 0 },
  { nome: 'Sínodo', nivel: 1 },
  { nome: 'Paróquia', nivel: 2 },
  { nome: 'Comunidade', nivel: 3 },
  { nome: 'Organização', nivel: 4 },
] as const;

/** The capital of each state: the base's one city per state (and the fallback of a town not in the list). */
export const CAPITAIS: Record<string, string> = {
  AC: 'Rio Branco',
  AL: 'Maceió',
  AP: 'Macapá',
  AM: 'Manaus',
  BA: 'Salvador',
  CE: 'Fortaleza',
  DF: 'Brasília',
  ES: 'Vitória',
  GO: 'Goiânia',
  MA: 'São Luís',
  MT: 'Cuiabá',
  MS: 'Campo Grande',
  MG: 'Belo Horizonte',
  PA: 'Belém',
  PB: 'João Pessoa',
  PR: 'Curitiba',
  PE: 'Recife',
  PI: 'Teresina',
  RJ: 'Rio de Janeiro',
  RN: 'Natal',
  RS: 'Porto Alegre',
  RO: 'Porto Velho',
  RR: 'Boa Vista',
  SC: 'Florianópolis',
  SP: 'São Paulo',
  SE: 'Aracaju',
  TO: 'Palmas',
};

/**
 * The English label of each seeded reference row (issue 18), by its Portuguese name; migration
 * 0040 writes the same on older databases. A row the church adds has none and reads as its name.
 */
const NOMES_EN: Readonly<Record<string, string>> = {
  Igreja: 'Church',
  Sínodo: 'Synod',
  Paróquia: 'Parish',
  Comunidade: 'Community',
  Organização: 'Organization',
  Brasil: 'Brazil',
  Residencial: 'Home',
  Comercial: 'Business',
  Correspondência: 'Mailing',
  Sede: 'Headquarters',
  Telefone: 'Phone',
  Celular: 'Mobile phone',
  'E-mail': 'E-mail',
  Site: 'Website',
  Educação: 'Education',
  Diaconia: 'Diakonia',
  Missão: 'Mission',
  Juventude: 'Youth',
  Música: 'Music',
  Membro: 'Member',
  'Não membro': 'Non-member',
  Visitante: 'Visitor',
  Ativo: 'Active',
  Inativo: 'Inactive',
  Falecido: 'Deceased',
  Transferido: 'Transferred',
  Cônjuge: 'Spouse',
  'Filho(a)': 'Child',
  Pai: 'Father',
  Mãe: 'Mother',
  'Pai/Mãe': 'Parent',
  'Irmão(ã)': 'Sibling',
  'Avô/Avó': 'Grandparent',
  'Neto(a)': 'Grandchild',
  Batismo: 'Baptism',
  Confirmação: 'Confirmation',
  Casamento: 'Wedding',
  Sepultamento: 'Burial',
  Bênção: 'Blessing',
  Própria: 'Owned',
  Alugada: 'Rented',
  Cedida: 'Lent',
  Presidente: 'President',
  'Vice-presidente': 'Vice-president',
  'Secretário(a)': 'Secretary',
  'Tesoureiro(a)': 'Treasurer',
  'Conselheiro(a)': 'Councillor',
  'Agricultor(a)': 'Farmer',
  'Professor(a)': 'Teacher',
  Comerciante: 'Shopkeeper',
  Estudante: 'Student',
  'Aposentado(a)': 'Retired',
  Secretaria: 'Office',
  Tesouraria: 'Treasury',
  Comunicação: 'Communication',
};

/** A seeded row: its name and its English label. */
const bilingue = <T extends { nome: string }>(x: T) => ({ ...x, nomeEn: NOMES_EN[x.nome] ?? null });

/** Starting rows of the simple registries (each one only a name). */
const REGISTROS_BASE = [
  [schema.tipoPessoa, ['Membro', 'Não membro', 'Visitante']],
  [schema.situacao, ['Ativo', 'Inativo', 'Falecido', 'Transferido']],
  [schema.grauParentesco, ['Cônjuge', 'Filho(a)', 'Pai', 'Mãe', 'Pai/Mãe', 'Irmão(ã)', 'Avô/Avó', 'Neto(a)']],
  [schema.tipoCelebracaoOficio, ['Batismo', 'Confirmação', 'Casamento', 'Sepultamento', 'Bênção']],
  [schema.tipoMoradia, ['Própria', 'Alugada', 'Cedida']],
  [schema.cargo, ['Presidente', 'Vice-presidente', 'Secretário(a)', 'Tesoureiro(a)', 'Conselheiro(a)']],
  [schema.profissao, ['Agricultor(a)', 'Professor(a)', 'Comerciante', 'Estudante', 'Aposentado(a)']],
  [schema.setor, ['Secretaria', 'Tesouraria', 'Diaconia', 'Comunicação']],
] as const;

/** Each degree and the one the other person gets (migration 0003 sets the same on older databases). */
export const RECIPROCOS_PARENTESCO: readonly (readonly [string, string])[] = [
  ['Cônjuge', 'Cônjuge'],
  ['Filho(a)', 'Pai/Mãe'],
  ['Pai', 'Filho(a)'],
  ['Mãe', 'Filho(a)'],
  ['Pai/Mãe', 'Filho(a)'],
  ['Irmão(ã)', 'Irmão(ã)'],
  ['Avô/Avó', 'Neto(a)'],
  ['Neto(a)', 'Avô/Avó'],
];

/** Inserts an organization under a parent and sets its materialized path. */
export async function inserirOrganizacao(
  db: DbOuTx,
  dados: Omit<typeof schema.organizacao.$inferInsert, 'caminho' | 'nivel'>,
): Promise<{ id: number; caminho: string }> {
  const pai = dados.organizacaoPaiId
    ? (
        await db
          .select({ caminho: schema.organizacao.caminho, nivel: schema.organizacao.nivel })
          .from(schema.organizacao)
          .where(eq(schema.organizacao.id, dados.organizacaoPaiId))
      )[0]
    : undefined;
  const [o] = await db
    .insert(schema.organizacao)
    .values({ ...dados, nivel: pai ? pai.nivel + 1 : 0 })
    .returning({ id: schema.organizacao.id });
  const caminho = `${pai?.caminho ?? '/'}${o!.id}/`;
  await db.update(schema.organizacao).set({ caminho }).where(eq(schema.organizacao.id, o!.id));
  return { id: o!.id, caminho };
}

/**
 * Inserts organizations in one statement and sets their paths in another (their parents must
 * exist); answers their ids and names in the order given.
 */
export async function inserirOrganizacoes(
  db: DbOuTx,
  dados: Omit<typeof schema.organizacao.$inferInsert, 'caminho' | 'nivel'>[],
): Promise<{ id: number; nome: string }[]> {
  if (!dados.length) return [];
  const novas = await db
    .insert(schema.organizacao)
    .values(dados)
    .returning({ id: schema.organizacao.id, nome: schema.organizacao.nomeFantasia });
  await db.execute(sql`update organizacao o set caminho = p.caminho || o.id || '/', nivel = p.nivel + 1
    from organizacao p where o.organizacao_pai_id = p.id and o.caminho = ''`);
  // Identity values follow the rows' order; the ids are matched back by position through them.
  return novas.sort((a, b) => a.id - b.id);
}

/**
 * What a self-registered member may do, at its own organization only: its dashboard, the notices
 * meant for it (the board, not the notices registry, whose list needs L) and its own gifts tests
 * (another person's need the people screen: teste-dons.service).
 */
export const PERMISSOES_MEMBRO = [
  { acesso: 'Dashboard', listar: true, visualizar: true },
  { acesso: 'MuralAvisos', visualizar: true },
  { acesso: 'TesteDons', listar: true, visualizar: true, criar: true },
] as const;

/**
 * Every IBGE municipality (docs/adr/0024) as a city of its state, in one statement: a city
 * already on record under the same name in the same state (the capitals of older installations,
 * a town the generator added) keeps its id and gets the IBGE code, the others are added. Cheap
 * once done (one count), so it runs at every start and brings older databases up to date.
 */
export async function garantirMunicipios(db: DbOuTx): Promise<void> {
  const municipios = getMunicipalities();
  const [{ n }] = (await db
    .select({ n: sql<number>`count(*)::int` })
    .from(schema.cidade)
    .where(sql`${schema.cidade.codigoIbge} is not null and ${schema.cidade.excluidoEm} is null`)) as [{ n: number }];
  if (n >= municipios.length) return;
  const lista = (xs: readonly string[]) => sql`string_to_array(${xs.join('|')}, '|')`;
  const fonte = sql`select t.nome, t.codigo, e.id as estado_id, e.pais_id
    from unnest(${lista(municipios.map((m) => m.name))}, ${lista(municipios.map((m) => m.code))},
      ${lista(municipios.map((m) => m.stateCode))}) as t(nome, codigo, uf)
    join estado e on e.sigla = t.uf and e.excluido_em is null`;
  await db.execute(sql`update cidade c set codigo_ibge = m.codigo
    from (${fonte}) m
    where c.codigo_ibge is null and c.excluido_em is null and c.estado_id = m.estado_id and lower(c.nome) = lower(m.nome)`);
  await db.execute(sql`insert into cidade (nome, estado_id, pais_id, codigo_ibge)
    select m.nome, m.estado_id, m.pais_id, m.codigo from (${fonte}) m
    where not exists (select 1 from cidade c where c.codigo_ibge = m.codigo and c.excluido_em is null)
    order by m.codigo`);
}

export type ResultadoBase = { criado: boolean; adminEmail: string; adminSenhaGerada?: string };

/**
 * What every installation needs: reference tables, the national church, the administrator
 * profile and its user. Runs once (when there is no organization yet).
 */
export async function garantirBase(
  db: Db,
  opcoes: { adminEmail: string; adminSenha?: string },
): Promise<ResultadoBase> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(schema.organizacao)) as [{ n: number }];
  if (n > 0) {
    await garantirMunicipios(db);
    return { criado: false, adminEmail: opcoes.adminEmail };
  }

  const senhaGerada = opcoes.adminSenha ? undefined : randomBytes(9).toString('base64url');
  const senhaHash = await hashSenha(opcoes.adminSenha ?? senhaGerada!);

  await db.transaction(async (tx) => {
    await tx.insert(schema.tipoOrganizacao).values(TIPOS_ORGANIZACAO.map(bilingue));
    const [brasil] = await tx
      .insert(schema.pais)
      .values(bilingue({ nome: 'Brasil', sigla: 'BR' }))
      .returning();
    await tx
      .insert(schema.estado)
      .values(getStates().map((e) => ({ nome: e.name, sigla: e.code, paisId: brasil!.id })));
    await garantirMunicipios(tx);
    await tx.insert(schema.banco).values(
      getBanks()
        .filter((b, i, xs) => xs.findIndex((y) => y.code === b.code) === i)
        .map((b, i) => ({ codigo: b.code, nome: b.name, ordem: i })),
    );
    await tx
      .insert(schema.tipoEndereco)
      .values(['Residencial', 'Comercial', 'Correspondência', 'Sede'].map((nome) => bilingue({ nome })));
    await tx
      .insert(schema.tipoContato)
      .values(
        [
          { nome: 'Telefone', mascara: '(00) 0000-0000' },
          { nome: 'Celular', mascara: '(00) 00000-0000' },
          { nome: 'E-mail' },
          { nome: 'Site' },
        ].map(bilingue),
      );
    await tx
      .insert(schema.tipoCampoTrabalho)
      .values(['Educação', 'Diaconia', 'Missão', 'Juventude', 'Música'].map((nome) => bilingue({ nome })));
    for (const [tabela, nomes] of REGISTROS_BASE)
      await tx.insert(tabela).values(nomes.map((nome) => bilingue({ nome })));
    for (const [de, para] of RECIPROCOS_PARENTESCO)
      await tx.execute(
        sql`update grau_parentesco g set reciproco_id = r.id from grau_parentesco r where g.nome = ${de} and r.nome = ${para}`,
      );
    await tx.insert(schema.parametro).values([
      { nome: 'Nome do sistema', valor: 'SIG', ordem: 0 },
      { nome: 'Idioma padrão', valor: 'pt-BR', ordem: 1 },
    ]);

    const [tipoIgreja] = await tx.select().from(schema.tipoOrganizacao).where(eq(schema.tipoOrganizacao.nivel, 0));
    const igreja = await inserirOrganizacao(tx, {
      razaoSocial: 'Igreja Evangélica de Confissão Luterana',
      nomeFantasia: 'Igreja Nacional',
      tipoOrganizacaoId: tipoIgreja!.id,
    });
    const [admin] = await tx
      .insert(schema.perfil)
      .values({ nome: PERFIL_ADMINISTRADOR, descricao: 'Acesso total' })
      .returning();
    const [membro] = await tx
      .insert(schema.perfil)
      .values({ nome: 'Membro', descricao: 'Perfil dado a quem se cadastra pelo site', padraoCadastro: true })
      .returning();
    await tx
      .insert(schema.perfilPermissao)
      .values(PERMISSOES_MEMBRO.map((p) => ({ perfilId: membro!.id, ...p, somentePropriaOrganizacao: true })));
    const [pessoa] = await tx
      .insert(schema.pessoa)
      .values({
        nome: 'Administrador',
        sobrenome: 'do Sistema',
        nomeBusca: nomeBuscaSql('Administrador', 'do Sistema'),
        email: opcoes.adminEmail,
        organizacaoId: igreja.id,
      })
      .returning();
    const [usuario] = await tx
      .insert(schema.usuario)
      .values({ pessoaId: pessoa!.id, email: opcoes.adminEmail, senhaHash, trocarSenha: !!senhaGerada })
      .returning();
    await tx
      .insert(schema.usuarioOrganizacao)
      .values({ usuarioId: usuario!.id, organizacaoId: igreja.id, perfilId: admin!.id, padrao: true });
  });
  return { criado: true, adminEmail: opcoes.adminEmail, adminSenhaGerada: senhaGerada };
}
