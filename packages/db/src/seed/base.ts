import { randomBytes } from 'node:crypto';
import { getBanks, getStates } from '@brazilian-utils/brazilian-utils';
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

const CAPITAIS: Record<string, string> = {
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
 * What a self-registered member may do, at its own organization only: its dashboard, the notices
 * meant for it (the board, not the notices registry, whose list needs L) and its own gifts tests
 * (another person's need the people screen: teste-dons.service).
 */
export const PERMISSOES_MEMBRO = [
  { acesso: 'Dashboard', listar: true, visualizar: true },
  { acesso: 'MuralAvisos', visualizar: true },
  { acesso: 'TesteDons', listar: true, visualizar: true, criar: true },
] as const;

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
  if (n > 0) return { criado: false, adminEmail: opcoes.adminEmail };

  const senhaGerada = opcoes.adminSenha ? undefined : randomBytes(9).toString('base64url');
  const senhaHash = await hashSenha(opcoes.adminSenha ?? senhaGerada!);

  await db.transaction(async (tx) => {
    await tx.insert(schema.tipoOrganizacao).values([...TIPOS_ORGANIZACAO]);
    const [brasil] = await tx.insert(schema.pais).values({ nome: 'Brasil', sigla: 'BR' }).returning();
    const estados = await tx
      .insert(schema.estado)
      .values(getStates().map((e) => ({ nome: e.name, sigla: e.code, paisId: brasil!.id })))
      .returning();
    await tx
      .insert(schema.cidade)
      .values(estados.map((e) => ({ nome: CAPITAIS[e.sigla] ?? e.nome, estadoId: e.id, paisId: brasil!.id })));
    await tx.insert(schema.banco).values(
      getBanks()
        .filter((b, i, xs) => xs.findIndex((y) => y.code === b.code) === i)
        .map((b, i) => ({ codigo: b.code, nome: b.name, ordem: i })),
    );
    await tx
      .insert(schema.tipoEndereco)
      .values(['Residencial', 'Comercial', 'Correspondência', 'Sede'].map((nome) => ({ nome })));
    await tx
      .insert(schema.tipoContato)
      .values([
        { nome: 'Telefone', mascara: '(00) 0000-0000' },
        { nome: 'Celular', mascara: '(00) 00000-0000' },
        { nome: 'E-mail' },
        { nome: 'Site' },
      ]);
    await tx
      .insert(schema.tipoCampoTrabalho)
      .values(['Educação', 'Diaconia', 'Missão', 'Juventude', 'Música'].map((nome) => ({ nome })));
    for (const [tabela, nomes] of REGISTROS_BASE) await tx.insert(tabela).values(nomes.map((nome) => ({ nome })));
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
