import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOuTx } from '../index.js';
import * as schema from '../schema/index.js';
import { hashSenha } from '../senha.js';
import { criarPerfil, LOCALIDADES as LOCALIDADES_DEMO, PERFIS_DEMO, SENHA_DEMO, SINODOS } from './demo.js';

/**
 * Realistic national data set at real scale (`npm run generate -- --people N`): the
 * organization tree of a church body (18 synods, ~460 parishes, ~1,800 communities, ~100
 * other organizations) and N people spread over the communities. Everything is built
 * set-based (INSERT ... SELECT over generate_series) in batches, the same SQL on PGlite and
 * PostgreSQL. Values come from a seeded hash of the row number, so a run is reproducible.
 */

/** Relative size of each synod (same order as SINODOS): the south has most parishes. */
const PESO_SINODO = [4, 12, 30, 25, 28, 15, 33, 38, 30, 20, 33, 35, 25, 20, 28, 24, 30, 30];
export const TOTAL_PAROQUIAS = 460;
export const TOTAL_OUTRAS = 100;
export const LOTE_PESSOAS = 50_000;

/** The demo's towns plus more of the church's heartland. */
const LOCALIDADES = [
  ...LOCALIDADES_DEMO,
  'Porto Alegre',
  'Canoas',
  'Sapiranga',
  'Campo Bom',
  'Dois Irmãos',
  'Ivoti',
  'Estância Velha',
  'Igrejinha',
  'Taquara',
  'Gramado',
  'Canela',
  'Nova Petrópolis',
  'Venâncio Aires',
  'Candelária',
  'Sobradinho',
  'Agudo',
  'Santo Ângelo',
  'Horizontina',
  'Santa Rosa',
  'Cerro Largo',
  'Carazinho',
  'Não-Me-Toque',
  'Passo Fundo',
  'Erechim',
  'São Lourenço do Sul',
  'Arroio do Padre',
  'Jaraguá do Sul',
  'Brusque',
  'Gaspar',
  'Timbó',
  'Indaial',
  'Rio do Sul',
  'Ibirama',
  'Itapiranga',
  'São Bento do Sul',
  'Rio Negrinho',
  'Mafra',
  'Chapecó',
  'Concórdia',
  'Joaçaba',
  'Guarapuava',
  'Ponta Grossa',
  'Palotina',
  'Medianeira',
  'Foz do Iguaçu',
  'Francisco Beltrão',
  'Pato Branco',
  'Rolândia',
  'Colatina',
  'Linhares',
  'Laranja da Terra',
  'Itarana',
  'Vila Pavão',
  'Cariacica',
  'Lucas do Rio Verde',
  'Primavera do Leste',
  'Nova Mutum',
  'Sinop',
  'Cacoal',
  'Vilhena',
  'Rio Verde',
  'Anápolis',
  'Uberlândia',
  'Juiz de Fora',
  'Nova Friburgo',
  'Santos',
  'Sorocaba',
  'Ribeirão Preto',
  'Salvador',
  'Recife',
  'Fortaleza',
  'Belém',
];
const PADROEIROS = [
  'da Paz',
  'da Trindade',
  'de Cristo',
  'da Reconciliação',
  'da Graça',
  'do Redentor',
  'Martim Lutero',
  'da Ressurreição',
  'do Bom Pastor',
  'da Cruz',
  'de Emaús',
  'do Salvador',
  'São Paulo',
  'São João',
  'São Pedro',
  'da Esperança',
  'da Fé',
  'Filipe Melanchthon',
  'da Ascensão',
  'de Belém',
];
const BAIRROS = [
  'Centro',
  'Linha Nova',
  'Picada Café',
  'Morro Reuter',
  'Linha Brasil',
  'Vila Nova',
  'São José',
  'Harmonia',
  'Boa Vista',
  'Bom Jardim',
  'Santa Rita',
  'Alto Feliz',
  'Linha Schmidt',
  'Rincão',
  'Serra Pelada',
  'Colônia',
  'Vale Verde',
  'Rio Pardinho',
  'Arroio Grande',
  'Linha Hansel',
  'Bela Vista',
  'Progresso',
  'Esperança',
  'Linha Imperial',
  'Vila Rica',
];
const OUTRAS = [
  'OASE (Ordem Auxiliadora de Senhoras Evangélicas)',
  'Juventude Evangélica',
  'Legião Evangélica',
  'Coral Evangélico',
  'Escola Evangélica',
  'Grupo de Casais',
  'Diaconia Comunitária',
  'Escola Dominical',
];
const NOMES_F = [
  'Maria',
  'Ana',
  'Juliana',
  'Fernanda',
  'Patrícia',
  'Aline',
  'Camila',
  'Luciana',
  'Cristiane',
  'Mariana',
  'Helga',
  'Ingrid',
  'Elisabete',
  'Gisela',
  'Irma',
  'Hilda',
  'Erna',
  'Frida',
  'Marlene',
  'Ilse',
  'Lúcia',
  'Carla',
  'Sandra',
  'Vanessa',
  'Letícia',
  'Larissa',
  'Bruna',
  'Gabriela',
  'Beatriz',
  'Laura',
  'Sofia',
  'Alice',
  'Helena',
  'Valentina',
  'Isabela',
  'Heloísa',
  'Lorena',
  'Débora',
  'Tatiane',
  'Simone',
  'Cláudia',
  'Renata',
  'Márcia',
  'Rosane',
  'Sílvia',
  'Edite',
  'Lurdes',
  'Nelci',
  'Iracema',
  'Anelise',
  'Ana Paula',
  'Maria Eduarda',
  'Ana Clara',
  'Maria Luísa',
  'Gertrudes',
  'Lia',
  'Karin',
  'Ursula',
  'Elfrida',
  'Greta',
];
const NOMES_M = [
  'João',
  'José',
  'Pedro',
  'Paulo',
  'Lucas',
  'Mateus',
  'Gabriel',
  'Rafael',
  'Daniel',
  'Marcelo',
  'Carlos',
  'Roberto',
  'Ricardo',
  'Fernando',
  'André',
  'Rodrigo',
  'Felipe',
  'Gustavo',
  'Eduardo',
  'Leonardo',
  'Arno',
  'Egon',
  'Werner',
  'Helmut',
  'Günther',
  'Hans',
  'Otto',
  'Ernesto',
  'Bruno',
  'Armindo',
  'Lauro',
  'Nelson',
  'Valdir',
  'Ivo',
  'Elmar',
  'Irineu',
  'Reinaldo',
  'Sérgio',
  'Guilherme',
  'Henrique',
  'Arthur',
  'Bernardo',
  'Heitor',
  'Davi',
  'Miguel',
  'Samuel',
  'Enzo',
  'Theo',
  'Vicente',
  'Joel',
  'Martim',
  'Luís Carlos',
  'João Pedro',
  'Carlos Alberto',
  'Frederico',
  'Rolf',
  'Dieter',
  'Edgar',
  'Vilmar',
  'Alceu',
];
const SOBRENOMES_DE = [
  'Schmidt',
  'Müller',
  'Schneider',
  'Fischer',
  'Weber',
  'Becker',
  'Wagner',
  'Schulz',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Schröder',
  'Neumann',
  'Schwarz',
  'Braun',
  'Zimmermann',
  'Krüger',
  'Hartmann',
  'Lange',
  'Werner',
  'Krause',
  'Lehmann',
  'Kuhn',
  'Hahn',
  'Vogt',
  'Kunz',
  'Stein',
  'Jung',
  'Roth',
  'Franke',
  'Beck',
  'Lorenz',
  'Baumann',
  'Albrecht',
  'Schuster',
  'Ludwig',
  'Böhm',
  'Winter',
  'Kraus',
  'Schumacher',
  'Kramer',
  'Vogel',
  'Heinrich',
  'Brandt',
  'Haas',
  'Schreiber',
  'Graf',
  'Dietrich',
  'Ziegler',
  'Kellermann',
  'Rambo',
  'Ritter',
  'Spengler',
  'Dreher',
  'Heinen',
  'Böttcher',
  'Rückert',
  'Schaeffer',
  'Kirsch',
  'Engel',
  'Sperb',
  'Heck',
  'Bohn',
  'Wendt',
  'Grings',
  'Mallmann',
  'Scherer',
  'Reichert',
  'Kunzler',
  'Diehl',
  'Bender',
  'Closs',
  'Hennemann',
  'Weiss',
  'Ruschel',
  'Lenz',
  'Strassburger',
  'Feldmann',
  'Hillebrand',
];
const SOBRENOMES_PT = [
  'da Silva',
  'dos Santos',
  'de Oliveira',
  'de Souza',
  'Pereira',
  'Lima',
  'Costa',
  'Ferreira',
  'Rodrigues',
  'de Almeida',
  'do Nascimento',
  'de Carvalho',
  'Gomes',
  'Martins',
  'de Araújo',
  'Ribeiro',
  'da Rocha',
  'Barbosa',
  'Machado',
  'Mendes',
  'Correa',
  'Teixeira',
  'Moraes',
  'Cardoso',
  'Nunes',
  'Vieira',
  'Ramos',
  'Fagundes',
  'Flores',
  'Pinto',
  'da Rosa',
  'Borges',
  'Moreira',
  'Lopes',
  'Dias',
  'Freitas',
];
const DOMINIOS = ['example.com', 'example.net', 'example.org'];

/** A text[] literal from a JS list (values never contain the separator). */
const lista = (xs: readonly string[]): SQL => sql`string_to_array(${xs.join('|')}, '|')`;

/** Reproducible pseudo-random non-negative bigint for row `g` and stream `k`. */
const h = (g: SQL, k: number): SQL =>
  sql`(hashint8extended((${g})::bigint, ${sql.raw(String(k))}) & 9223372036854775807)`;
/** An element of a text[] picked by hash. */
const escolher = (arr: SQL, n: number, g: SQL, k: number): SQL =>
  sql`(${arr})[(1 + ${h(g, k)} % ${sql.raw(String(n))})::int]`;

/**
 * CPF check digits (mod 11; weights 10..2 for the first, 11..2 for the second) over the
 * 9-digit base number `b`, unrolled into plain integer arithmetic.
 */
function cpfSomas(b: string): SQL {
  const digito = (i: number) => `((${b} / ${10 ** (8 - i)}) % 10)`;
  const soma = (pesoInicial: number) =>
    Array.from({ length: 9 }, (_, i) => `${digito(i)} * ${pesoInicial - i}`).join(' + ');
  return sql.raw(`(${soma(10)}) as s1, (${soma(11)}) as s2`);
}
const dv = (s: string) => `(case when (${s}) % 11 < 2 then 0 else 11 - (${s}) % 11 end)`;

export type ResultadoGerador = {
  sinodos: number;
  paroquias: number;
  comunidades: number;
  outras: number;
  pessoas: number;
  usuarios: { email: string; organizacao: string }[];
};

type Log = (msg: string) => void;

const contar = async (db: Db, tabela: SQL, onde: SQL = sql`true`) => {
  const r = (await db.execute(sql`select count(*)::int as n from ${tabela} where ${onde}`)) as unknown as {
    rows: { n: number }[];
  };
  return r.rows[0]!.n;
};

/** Paths and levels of rows just inserted (caminho = ''), from their parents. */
const fecharCaminhos = (db: DbOuTx) =>
  db.execute(sql`update organizacao o set caminho = p.caminho || o.id || '/', nivel = p.nivel + 1
    from organizacao p where o.organizacao_pai_id = p.id and o.caminho = ''`);

async function gerarOrganizacoes(db: Db, log: Log) {
  const tipos = new Map((await db.select().from(schema.tipoOrganizacao)).map((t) => [t.nivel, t.id]));
  const [igreja] = await db.select().from(schema.organizacao).where(eq(schema.organizacao.nivel, 0));
  if (!igreja) throw new Error('no national church: run garantirBase first');
  const soma = PESO_SINODO.reduce((x, y) => x + y, 0);
  const porSinodo = PESO_SINODO.map((p) => Math.round((p * TOTAL_PAROQUIAS) / soma));
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into organizacao (razao_social, nome_fantasia, tipo_organizacao_id, organizacao_pai_id, data_criacao)
      select 'Sínodo ' || s.nome, 'Sínodo ' || s.nome, ${tipos.get(1)!}, ${igreja.id}, make_date(1960 + s.i::int, 3, 1)
      from unnest(${lista(SINODOS)}) with ordinality as s(nome, i)`);
    await fecharCaminhos(tx);

    // Parishes: each synod gets its share, named after a patron and a town.
    const g = sql`p.g`;
    await tx.execute(sql`insert into organizacao (razao_social, nome_fantasia, tipo_organizacao_id, organizacao_pai_id,
        data_criacao, dia_vencimento_contribuicao, valor_padrao_contribuicao, tipo_valor_contribuicao)
      select 'Paróquia Evangélica de Confissão Luterana ' || pad || ' de ' || loc, 'Paróquia ' || pad || ' - ' || loc,
        ${tipos.get(2)!}, p.sinodo, make_date(1870 + (${h(g, 11)} % 140)::int, 1 + (${h(g, 12)} % 12)::int, 1),
        10, 50.00, 'FIXO'
      from (
        select s.id as sinodo, row_number() over (order by s.id, q) as g
        from (select id, row_number() over (order by id) as i from organizacao where nivel = 1 and organizacao_pai_id = ${igreja.id}) s
        join lateral generate_series(1, (${sql.raw(`'{${porSinodo.join(',')}}'`)}::int[])[s.i]) q on true
      ) p
      cross join lateral (select ${escolher(lista(PADROEIROS), PADROEIROS.length, g, 13)} as pad,
        ${escolher(lista(LOCALIDADES), LOCALIDADES.length, g, 14)} as loc) n`);
    await fecharCaminhos(tx);

    // Communities: one to seven per parish (about four on average).
    const c = sql`(p.id * 16 + q)`;
    await tx.execute(sql`insert into organizacao (razao_social, nome_fantasia, tipo_organizacao_id, organizacao_pai_id, data_criacao)
      select 'Comunidade Evangélica ' || pad || ' - ' || bai, 'Comunidade ' || pad || ' - ' || bai,
        ${tipos.get(3)!}, p.id, make_date(1850 + (${h(c, 21)} % 160)::int, 1 + (${h(c, 22)} % 12)::int, 1)
      from organizacao p
      join lateral generate_series(1, 1 + (${h(sql`p.id`, 20)} % 7)::int) q on true
      cross join lateral (select ${escolher(lista(PADROEIROS), PADROEIROS.length, c, 23)} as pad,
        ${escolher(lista(BAIRROS), BAIRROS.length, c, 24)} || ' (' || split_part(p.nome_fantasia, ' - ', 2) || ')' as bai) n
      where p.nivel = 2`);
    await fecharCaminhos(tx);

    // Other organizations (women's groups, youth, choirs, schools) under some parishes.
    await tx.execute(sql`insert into organizacao (razao_social, nome_fantasia, tipo_organizacao_id, organizacao_pai_id)
      select o.tipo || ' - ' || split_part(p.nome_fantasia, ' - ', 2), o.tipo || ' - ' || split_part(p.nome_fantasia, ' - ', 2),
        ${tipos.get(4)!}, p.id
      from (select id, nome_fantasia, row_number() over (order by ${h(sql`id`, 30)}) as r from organizacao where nivel = 2) p
      cross join lateral (select (${lista(OUTRAS)})[1 + (p.r % ${sql.raw(String(OUTRAS.length))})::int] as tipo) o
      where p.r <= ${TOTAL_OUTRAS}`);
    await fecharCaminhos(tx);
  });
  const porTipo = async (nivel: number) =>
    contar(db, sql`organizacao`, sql`tipo_organizacao_id = ${tipos.get(nivel)!}`);
  const r = {
    sinodos: await porTipo(1),
    paroquias: await porTipo(2),
    comunidades: await porTipo(3),
    outras: await porTipo(4),
  };
  log(`organizations: ${r.sinodos} synods, ${r.paroquias} parishes, ${r.comunidades} communities, ${r.outras} other`);
  return { ...r, igrejaId: igreja.id, tipoComunidade: tipos.get(3)! };
}

async function gerarPessoas(db: Db, total: number, tipoComunidade: number, log: Log) {
  const inicio = Date.now();
  const nComunidades = await contar(db, sql`organizacao`, sql`tipo_organizacao_id = ${tipoComunidade}`);
  const n = (x: number) => sql.raw(String(x));
  // Hash streams computed once per row; every choice below reads them.
  const hashes = sql.join(
    Array.from({ length: 10 }, (_, k) =>
      sql.raw(`hashint8extended(s.g::bigint, ${k + 1}) & 9223372036854775807 as h${k + 1}`),
    ),
    sql`, `,
  );
  const semAcento = (x: SQL) => sql`translate(lower(${x}), 'áàâãäéèêëíìîïóòôõöúùûüç ', 'aaaaaeeeeiiiiooooouuuuc')`;
  const pegar = (arr: string, tamanho: number, hash: string) => sql.raw(`l.${arr}[(1 + r.${hash} % ${tamanho})::int]`);
  for (let de = 1; de <= total; de += LOTE_PESSOAS) {
    const ate = Math.min(total, de + LOTE_PESSOAS - 1);
    await db.execute(sql`with l as (
        select ${lista(NOMES_F)} as nf, ${lista(NOMES_M)} as nm, ${lista(SOBRENOMES_DE)} as sd,
          ${lista(SOBRENOMES_PT)} as sp, ${lista(DOMINIOS)} as dom,
          (select array_agg(id order by id) from organizacao where tipo_organizacao_id = ${tipoComunidade}) as ids
      )
      insert into pessoa (nome, sobrenome, cpf, email, organizacao_id)
      select x.nome, x.sobrenome,
        case when r.h5 % 100 < 80 and k.b9 !~ '^(\\d)\\1{8}$' then k.b9 || v.d1::text || v.d2::text end,
        case when r.h6 % 100 < 40 then
          ${semAcento(sql`split_part(x.nome, ' ', 1)`)} || '.' || ${semAcento(sql`regexp_replace(x.sobrenome, '^.* ', '')`)}
          || s.g || '@' || ${pegar('dom', DOMINIOS.length, 'h7')} end,
        -- Skewed community sizes (a few large urban ones, many small rural ones), scattered over the tree.
        l.ids[(1 + (floor(${n(nComunidades)} * power((r.h8 % 1000000) / 1000000.0, 1.7))::bigint * 7919) % ${n(nComunidades)})::int]
      from generate_series(${de}::int, ${ate}::int) as s(g)
      cross join l
      cross join lateral (select ${hashes}) r
      cross join lateral (select
        case when r.h1 % 2 = 0 then ${pegar('nf', NOMES_F.length, 'h2')} else ${pegar('nm', NOMES_M.length, 'h2')} end as nome,
        case r.h3 % 10
          when 0 then ${pegar('sp', SOBRENOMES_PT.length, 'h4')}
          when 1 then ${pegar('sp', SOBRENOMES_PT.length, 'h4')}
          when 2 then ${pegar('sp', SOBRENOMES_PT.length, 'h4')} || ' ' || ${pegar('sd', SOBRENOMES_DE.length, 'h9')}
          when 3 then ${pegar('sp', SOBRENOMES_PT.length, 'h4')} || ' ' || ${pegar('sd', SOBRENOMES_DE.length, 'h9')}
          when 4 then ${pegar('sd', SOBRENOMES_DE.length, 'h10')} || ' ' || ${pegar('sd', SOBRENOMES_DE.length, 'h9')}
          else ${pegar('sd', SOBRENOMES_DE.length, 'h9')} end as sobrenome) x
      -- A bijection of the row number onto 9-digit bases (3^18 is coprime with 10^9): CPFs never repeat.
      cross join lateral (select (s.g::bigint * 387420489 + 123456789) % 1000000000 as b) b
      cross join lateral (select lpad(b.b::text, 9, '0') as b9, ${cpfSomas('b.b')}) k
      cross join lateral (select ${sql.raw(dv('k.s1'))} as d1) v1
      cross join lateral (select v1.d1, ${sql.raw(dv('k.s2 + v1.d1 * 2'))} as d2) v`);
    const seg = (Date.now() - inicio) / 1000;
    log(
      `people: ${ate.toLocaleString('en')} / ${total.toLocaleString('en')} (${seg.toFixed(1)} s, ${Math.round(ate / seg).toLocaleString('en')}/s)`,
    );
  }
}

/** One synod secretary per synod (profile "Secretaria Sinodal"), password SENHA_DEMO. */
async function gerarUsuarios(db: Db, igrejaId: number) {
  const [existente] = await db
    .select({ id: schema.perfil.id })
    .from(schema.perfil)
    .where(sql`lower(${schema.perfil.nome}) = lower(${PERFIS_DEMO[0]!.nome}) and ${schema.perfil.excluidoEm} is null`);
  const perfilId = existente?.id ?? (await criarPerfil(db, PERFIS_DEMO[0]!));
  const senhaHash = await hashSenha(SENHA_DEMO);
  const sinodos = await db
    .select({ id: schema.organizacao.id, nome: schema.organizacao.nomeFantasia })
    .from(schema.organizacao)
    .where(eq(schema.organizacao.organizacaoPaiId, igrejaId));
  const usuarios: ResultadoGerador['usuarios'] = [];
  await db.transaction(async (tx) => {
    for (const s of sinodos) {
      const slug = s.nome
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
      const email = `${slug}@sig.local`;
      const [p] = await tx
        .insert(schema.pessoa)
        .values({ nome: 'Secretaria', sobrenome: s.nome, email, organizacaoId: s.id })
        .returning({ id: schema.pessoa.id });
      const [u] = await tx
        .insert(schema.usuario)
        .values({ pessoaId: p!.id, email, senhaHash })
        .returning({ id: schema.usuario.id });
      await tx
        .insert(schema.usuarioOrganizacao)
        .values({ usuarioId: u!.id, organizacaoId: s.id, perfilId, padrao: true });
      usuarios.push({ email, organizacao: s.nome });
    }
  });
  return usuarios;
}

/** Refuses a database that already has more than the base (it would mix generated and real data). */
export async function gerar(db: Db, opcoes: { pessoas: number; log?: Log }): Promise<ResultadoGerador> {
  const log = opcoes.log ?? (() => undefined);
  const organizacoes = await contar(db, sql`organizacao`);
  const pessoas = await contar(db, sql`pessoa`);
  if (organizacoes !== 1 || pessoas > 1) {
    throw new Error(
      `the generator needs an empty or base-only database (found ${organizacoes} organizations, ${pessoas} people)`,
    );
  }
  let t = Date.now();
  const orgs = await gerarOrganizacoes(db, log);
  log(`organizations done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  const usuarios = await gerarUsuarios(db, orgs.igrejaId);
  log(
    `users: ${usuarios.length} synod secretaries (password ${SENHA_DEMO}) in ${((Date.now() - t) / 1000).toFixed(1)} s`,
  );
  t = Date.now();
  await gerarPessoas(db, opcoes.pessoas, orgs.tipoComunidade, log);
  log(`people done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  // Fresh statistics, so the first queries over the new rows get good plans.
  await db.execute(sql`analyze organizacao`);
  await db.execute(sql`analyze pessoa`);
  log(`analyze in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return {
    sinodos: orgs.sinodos,
    paroquias: orgs.paroquias,
    comunidades: orgs.comunidades,
    outras: orgs.outras,
    pessoas: opcoes.pessoas,
    usuarios,
  };
}
