import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db, DbOuTx } from '../index.js';
import * as schema from '../schema/index.js';
import { hashSenha } from '../senha.js';
import { CAPITAIS } from './base.js';
import { criarPerfil, LOCALIDADES as LOCALIDADES_DEMO, PERFIS_DEMO, SENHA_DEMO, SINODOS } from './demo.js';
import { nomeBuscaSql } from './nome-busca.js';

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
  enderecos: number;
  contatos: number;
  vinculosFamiliares: number;
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
    await tx.execute(sql`insert into organizacao (razao_social, nome_fantasia, tipo_organizacao_id, organizacao_pai_id, data_criacao, aceita_cadastro)
      select 'Comunidade Evangélica ' || pad || ' - ' || bai, 'Comunidade ' || pad || ' - ' || bai,
        ${tipos.get(3)!}, p.id, make_date(1850 + (${h(c, 21)} % 160)::int, 1 + (${h(c, 22)} % 12)::int, 1), true
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

/** Streets of the addresses. */
const LOGRADOUROS = [
  'Rua Sete de Setembro',
  'Rua XV de Novembro',
  'Rua Tiradentes',
  'Avenida Brasil',
  'Rua Duque de Caxias',
  'Rua Marechal Floriano',
  'Rua dos Andradas',
  'Rua Bento Gonçalves',
  'Rua Júlio de Castilhos',
  'Avenida Independência',
  'Rua Lindolfo Collor',
  'Rua Pastor Rotermund',
  'Rua Martim Lutero',
  'Rua João Pessoa',
  'Avenida Presidente Vargas',
  'Rua Dom Pedro II',
  'Rua Santos Dumont',
  'Rua Oswaldo Cruz',
  'Rua Rui Barbosa',
  'Rua Flores da Cunha',
  'Rua Hermann Blumenau',
  'Rua Frederico Mentz',
  'Rua Primeiro de Março',
  'Rua das Flores',
  'Rua dos Imigrantes',
  'Rua da Igreja',
  'Avenida Getúlio Vargas',
  'Rua Tamandaré',
  'Rua Osvaldo Aranha',
  'Estrada Geral',
];
/** State of each town of the organization names (the base has only the capitals). */
export const UF_LOCALIDADE: Record<string, string> = {
  ...Object.fromEntries(
    [
      'São Leopoldo,Novo Hamburgo,Santa Cruz do Sul,Lajeado,Ijuí,Panambi,Teutônia,Estrela,Canguçu,Pelotas,Santa Maria',
      'Cachoeira do Sul,Três de Maio,Porto Alegre,Canoas,Sapiranga,Campo Bom,Dois Irmãos,Ivoti,Estância Velha',
      'Igrejinha,Taquara,Gramado,Canela,Nova Petrópolis,Venâncio Aires,Candelária,Sobradinho,Agudo,Santo Ângelo',
      'Horizontina,Santa Rosa,Cerro Largo,Carazinho,Não-Me-Toque,Passo Fundo,Erechim,São Lourenço do Sul,Arroio do Padre',
    ]
      .join(',')
      .split(',')
      .map((c) => [c, 'RS']),
  ),
  ...Object.fromEntries(
    'Florianópolis,Blumenau,Joinville,Pomerode,Jaraguá do Sul,Brusque,Gaspar,Timbó,Indaial,Rio do Sul,Ibirama,Itapiranga,São Bento do Sul,Rio Negrinho,Mafra,Chapecó,Concórdia,Joaçaba'
      .split(',')
      .map((c) => [c, 'SC']),
  ),
  ...Object.fromEntries(
    'Marechal Cândido Rondon,Toledo,Cascavel,Curitiba,Londrina,Maringá,Guarapuava,Ponta Grossa,Palotina,Medianeira,Foz do Iguaçu,Francisco Beltrão,Pato Branco,Rolândia'
      .split(',')
      .map((c) => [c, 'PR']),
  ),
  ...Object.fromEntries(
    'Vitória,Santa Maria de Jetibá,Domingos Martins,Afonso Cláudio,Colatina,Linhares,Laranja da Terra,Itarana,Vila Pavão,Cariacica'
      .split(',')
      .map((c) => [c, 'ES']),
  ),
  ...Object.fromEntries(
    'Cuiabá,Sorriso,Rondonópolis,Lucas do Rio Verde,Primavera do Leste,Nova Mutum,Sinop'
      .split(',')
      .map((c) => [c, 'MT']),
  ),
  ...Object.fromEntries('Porto Velho,Ji-Paraná,Cacoal,Vilhena'.split(',').map((c) => [c, 'RO'])),
  ...Object.fromEntries('Goiânia,Rio Verde,Anápolis'.split(',').map((c) => [c, 'GO'])),
  ...Object.fromEntries('Belo Horizonte,Teófilo Otoni,Uberlândia,Juiz de Fora'.split(',').map((c) => [c, 'MG'])),
  ...Object.fromEntries('Rio de Janeiro,Petrópolis,Nova Friburgo'.split(',').map((c) => [c, 'RJ'])),
  ...Object.fromEntries('São Paulo,Campinas,Santos,Sorocaba,Ribeirão Preto'.split(',').map((c) => [c, 'SP'])),
  Manaus: 'AM',
  Brasília: 'DF',
  Salvador: 'BA',
  Recife: 'PE',
  Fortaleza: 'CE',
  Belém: 'PA',
};
/** Area code and postal-code range (8 digits) of each state used above. */
const UF_DDD_CEP: Record<string, [number, number, number]> = {
  RS: [51, 90000000, 99999999],
  SC: [47, 88000000, 89999999],
  PR: [41, 80000000, 87999999],
  ES: [27, 29000000, 29999999],
  MT: [65, 78000000, 78899999],
  RO: [69, 76800000, 76999999],
  GO: [62, 72800000, 76799999],
  MG: [31, 30000000, 39999999],
  RJ: [21, 20000000, 28999999],
  SP: [11, 1000000, 19999999],
  AM: [92, 69000000, 69299999],
  DF: [61, 70000000, 72799999],
  BA: [71, 40000000, 48999999],
  PE: [81, 50000000, 56999999],
  CE: [85, 60000000, 63999999],
  PA: [91, 66000000, 68899999],
};

/**
 * Households: every block of BLOCO consecutive rows is split into households of these sizes
 * (each layout repeated by its weight, one picked per block by hash). The first member of a
 * household is its holder (titular), the second the spouse in most households, the rest
 * children: about one person in three is a holder, households average ~2.9 people.
 */
const BLOCO = 6;
const ARRANJOS: readonly (readonly [number[], number])[] = [
  [[2, 4], 3],
  [[4, 2], 3],
  [[3, 3], 4],
  [[1, 5], 1],
  [[5, 1], 1],
  [[6], 2],
  [[2, 2, 2], 2],
  [[1, 2, 3], 1],
  [[3, 2, 1], 1],
];
/** For layout k and position p in the block (index k * BLOCO + p): where its household starts and its size. */
const ARRANJO_INICIO: number[] = [];
const ARRANJO_TAMANHO: number[] = [];
for (const [tamanhos, peso] of ARRANJOS)
  for (let w = 0; w < peso; w++) {
    let inicio = 0;
    for (const t of tamanhos) {
      for (let i = 0; i < t; i++) {
        ARRANJO_INICIO.push(inicio);
        ARRANJO_TAMANHO.push(t);
      }
      inicio += t;
    }
  }
const N_ARRANJOS = ARRANJO_INICIO.length / BLOCO;
/** Births are spread over the 96 years before this one (ages 0 to 95). */
const ANO_REFERENCIA = 2025;

type Ids = Record<string, number>;

/** Ids of a registry's rows by name (the base seeds them); a missing one stops the generator. */
async function idsPorNome(db: Db, tabela: string, nomes: readonly string[]): Promise<Ids> {
  const r = (await db.execute(
    sql`select nome, min(id)::int as id from ${sql.identifier(tabela)} where excluido_em is null group by nome`,
  )) as unknown as { rows: { nome: string; id: number }[] };
  const porNome = Object.fromEntries(r.rows.map((l) => [l.nome, l.id]));
  for (const n of nomes) if (!porNome[n]) throw new Error(`${tabela}: "${n}" not found (run garantirBase first)`);
  return porNome;
}

/** The towns the organizations are named after, as cities of their states (capitals are in the base). */
async function gerarCidades(db: Db) {
  const nomes = [...new Set([...LOCALIDADES])];
  await db.execute(sql`insert into cidade (nome, estado_id, pais_id)
    select t.nome, e.id, e.pais_id
    from unnest(${lista(nomes)}, ${lista(nomes.map((n) => UF_LOCALIDADE[n] ?? 'RS'))}) as t(nome, uf)
    join estado e on e.sigla = t.uf and e.excluido_em is null
    where not exists (select 1 from cidade c where lower(c.nome) = lower(t.nome) and c.estado_id = e.id)`);
}

/**
 * A bulk load into `tabelas` without their secondary indexes (not primary keys) and foreign
 * keys, which are created again afterwards from their own definitions (`pg_get_indexdef`,
 * `pg_get_constraintdef`), so the end state is exactly what the migrations created. Building
 * an index once is much faster than keeping it up to date row by row (the trigram GIN index
 * above all), and checking a foreign key once is one join instead of a trigger call per row.
 */
export async function cargaEmMassa<T>(db: Db, tabelas: readonly string[], log: Log, fn: () => Promise<T>): Promise<T> {
  const indices = (
    (await db.execute(sql`select i.relname as nome, pg_get_indexdef(x.indexrelid) as def
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relnamespace = 'public'::regnamespace and t.relname = any(${lista(tabelas)}) and not x.indisprimary
      and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)
    order by t.relname, i.relname`)) as unknown as { rows: { nome: string; def: string }[] }
  ).rows;
  const chaves = (
    (await db.execute(sql`select c.conname as nome, t.relname as tabela, pg_get_constraintdef(c.oid) as def
    from pg_constraint c join pg_class t on t.oid = c.conrelid
    where t.relnamespace = 'public'::regnamespace and t.relname = any(${lista(tabelas)}) and c.contype = 'f'
    order by t.relname, c.conname`)) as unknown as { rows: { nome: string; tabela: string; def: string }[] }
  ).rows;
  await db.transaction(async (tx) => {
    for (const c of chaves) await tx.execute(sql.raw(`alter table "${c.tabela}" drop constraint "${c.nome}"`));
    for (const i of indices) await tx.execute(sql.raw(`drop index "${i.nome}"`));
  });
  try {
    return await fn();
  } finally {
    const inicio = Date.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      for (const i of indices) await tx.execute(sql.raw(i.def));
      for (const c of chaves)
        await tx.execute(sql.raw(`alter table "${c.tabela}" add constraint "${c.nome}" ${c.def}`));
    });
    log(
      `${indices.length} indexes and ${chaves.length} foreign keys created in ${((Date.now() - inicio) / 1000).toFixed(1)} s`,
    );
  }
}

/** The tables the people generator fills (their indexes and foreign keys are created after the load). */
export const TABELAS_PESSOAS = ['pessoa', 'pessoa_endereco', 'pessoa_contato', 'pessoa_familia', 'pessoa_palavra'];

/**
 * The load with the name-word, per-organization count and registry roll-up insert triggers set
 * aside, and the new people's words, the counts and the roll-up written afterwards in one
 * statement each, as the triggers would have.
 */
export async function derivadosEmMassa<T>(db: Db, log: Log, fn: () => Promise<T>): Promise<T> {
  const [{ base }] = (
    (await db.execute(sql`select coalesce(max(id), 0)::int as base from pessoa`)) as unknown as {
      rows: [{ base: number }];
    }
  ).rows;
  await db.execute(sql`alter table pessoa disable trigger pessoa_palavras_i`);
  await db.execute(sql`alter table pessoa disable trigger pessoa_contagem_i`);
  await db.execute(sql`alter table pessoa disable trigger pessoa_resumo_i`);
  try {
    return await fn();
  } finally {
    await db.execute(sql`alter table pessoa enable trigger pessoa_palavras_i`);
    await db.execute(sql`alter table pessoa enable trigger pessoa_contagem_i`);
    await db.execute(sql`alter table pessoa enable trigger pessoa_resumo_i`);
    const inicio = Date.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`insert into pessoa_palavra (palavra, nome_busca, pessoa_id, caminho)
        select w, p.nome_busca, p.id, o.caminho
        from pessoa p join organizacao o on o.id = p.organizacao_id cross join lateral palavras_do_nome(p.nome_busca) as w
        where p.id > ${base} and p.excluido_em is null`);
      await tx.execute(sql`insert into palavra_busca (palavra)
        select distinct palavra from pessoa_palavra where pessoa_id > ${base} on conflict do nothing`);
      await tx.execute(sql`insert into organizacao_pessoas (organizacao_id, pessoas)
        select organizacao_id, count(*) from pessoa where excluido_em is null group by organizacao_id
        on conflict (organizacao_id) do update set pessoas = excluded.pessoas`);
      await tx.execute(sql`select pessoa_resumo_reconstruir()`);
    });
    log(`name words and counts per organization written in ${((Date.now() - inicio) / 1000).toFixed(1)} s`);
  }
}

/**
 * `total` people in households over the communities (those under `caminho` only, when given),
 * living in the town their parish is named after, or in its state's capital when that town is
 * not a city of the database.
 */
export async function gerarPessoas(
  db: Db,
  total: number,
  tipoComunidade: number,
  log: Log,
  opcoes: { caminho?: string } = {},
) {
  const inicio = Date.now();
  const dasComunidades = opcoes.caminho
    ? sql`tipo_organizacao_id = ${tipoComunidade} and caminho like ${`${opcoes.caminho}%`}`
    : sql`tipo_organizacao_id = ${tipoComunidade}`;
  const nComunidades = await contar(db, sql`organizacao`, dasComunidades);
  const cidades = Object.entries(UF_LOCALIDADE);
  const tipoPessoa = await idsPorNome(db, 'tipo_pessoa', ['Membro', 'Não membro', 'Visitante']);
  const situacao = await idsPorNome(db, 'situacao', ['Ativo', 'Inativo', 'Falecido', 'Transferido']);
  const grau = await idsPorNome(db, 'grau_parentesco', ['Cônjuge', 'Filho(a)', 'Pai/Mãe', 'Irmão(ã)']);
  const contato = await idsPorNome(db, 'tipo_contato', ['Telefone', 'Celular', 'E-mail']);
  const endereco = await idsPorNome(db, 'tipo_endereco', ['Residencial']);
  // Rows get explicit ids (base + row number): family links are plain arithmetic, no lookups.
  const [{ base }] = (
    (await db.execute(sql`select coalesce(max(id), 0)::int as base from pessoa`)) as unknown as {
      rows: [{ base: number }];
    }
  ).rows;
  const n = (x: number) => sql.raw(String(x));
  const ints = (xs: readonly number[]) => sql.raw(`('{${xs.join(',')}}'::int[])`);
  // Hash streams of the row (h1..h20) and of its household (f1..f14), computed once per row.
  const hashes = (col: string, prefixo: string, k0: number, quantos: number) =>
    sql.raw(
      Array.from(
        { length: quantos },
        (_, k) => `hashint8extended(${col}::bigint, ${k0 + k}) & 9223372036854775807 as ${prefixo}${k + 1}`,
      ).join(', '),
    );
  const semAcento = (x: SQL) => sql`translate(lower(${x}), 'áàâãäéèêëíìîïóòôõöúùûüç ', 'aaaaaeeeeiiiiooooouuuuc')`;
  const pegar = (arr: string, tamanho: number, hash: string) => sql.raw(`l.${arr}[(1 + ${hash} % ${tamanho})::int]`);
  // Surname from four hash streams: Portuguese, Portuguese + German, two German, or German.
  const sobrenome = (a: string, b: string, c: string, d: string) => sql`case ${sql.raw(a)} % 10
      when 0 then ${pegar('sp', SOBRENOMES_PT.length, b)}
      when 1 then ${pegar('sp', SOBRENOMES_PT.length, b)}
      when 2 then ${pegar('sp', SOBRENOMES_PT.length, b)} || ' ' || ${pegar('sd', SOBRENOMES_DE.length, c)}
      when 3 then ${pegar('sp', SOBRENOMES_PT.length, b)} || ' ' || ${pegar('sd', SOBRENOMES_DE.length, c)}
      when 4 then ${pegar('sd', SOBRENOMES_DE.length, d)} || ' ' || ${pegar('sd', SOBRENOMES_DE.length, c)}
      else ${pegar('sd', SOBRENOMES_DE.length, c)} end`;
  const ufs = Object.entries(UF_DDD_CEP);
  const lote = Math.floor(LOTE_PESSOAS / BLOCO) * BLOCO; // households never straddle two batches
  for (let de = 1; de <= total; de += lote) {
    const ate = Math.min(total, de + lote - 1);
    await db.transaction(async (tx) => {
      // One batch is a big one-off statement: JIT-compiling it (PostgreSQL) cost 20 s a batch, more than it saves.
      await tx.execute(sql`set local jit = off`);
      await tx.execute(sql`with l as (
        select ${lista(NOMES_F)} as nf, ${lista(NOMES_M)} as nm, ${lista(SOBRENOMES_DE)} as sd,
          ${lista(SOBRENOMES_PT)} as sp, ${lista(DOMINIOS)} as dom, ${lista(LOGRADOUROS)} as rua
      ),
      -- Each community (numbered 1..n by id) with the town of its parish (city, state, area code, postal range) and its quarter.
      cm as materialized (
        select row_number() over (order by o.id)::int as i, o.id, ci.id as cidade_id, ci.estado_id, e.pais_id,
          split_part(split_part(o.nome_fantasia, ' - ', 2), ' (', 1) as bairro,
          coalesce(u.ddd, 51) as ddd, coalesce(u.cep0, 90000000) as cep0, coalesce(u.cepn, 9999999) as cepn
        from organizacao o
        join organizacao p on p.id = o.organizacao_pai_id
        left join (select * from unnest(${lista(cidades.map(([c]) => c))}, ${lista(cidades.map(([, uf]) => uf))},
            ${lista(cidades.map(([, uf]) => CAPITAIS[uf]!))}) as lu(nome, uf, capital))
          lu on lu.nome = split_part(p.nome_fantasia, ' - ', 2)
        -- The town in its own state (names repeat across states), else that state's capital.
        left join lateral (select c.id, c.estado_id from cidade c join estado ec on ec.id = c.estado_id
          where ec.sigla = coalesce(lu.uf, 'RS') and c.excluido_em is null
            and (c.nome = coalesce(lu.nome, split_part(p.nome_fantasia, ' - ', 2)) or c.nome = coalesce(lu.capital, 'Porto Alegre'))
          order by c.nome = coalesce(lu.nome, split_part(p.nome_fantasia, ' - ', 2)) desc, c.id limit 1) ci on true
        left join estado e on e.id = ci.estado_id
        left join (select * from unnest(${lista(ufs.map(([uf]) => uf))}, ${ints(ufs.map(([, v]) => v[0]))},
            ${ints(ufs.map(([, v]) => v[1]))}, ${ints(ufs.map(([, v]) => v[2] - v[1] + 1))}) as u(uf, ddd, cep0, cepn)) u
          on u.uf = e.sigla
        where o.tipo_organizacao_id = ${tipoComunidade}${opcoes.caminho ? sql` and o.caminho like ${`${opcoes.caminho}%`}` : sql``}
      ),
      x as materialized (
        select s.g, ${n(base)} + s.g as id, d.*, e.*, y.*,
          ${nomeBuscaSql(sql`y.nome`, sql`y.sobrenome`)} as nome_busca,
          case when r.h5 % 100 < (case when e.idade >= 18 then 90 else 50 end) and k.b9 !~ '^(\\d)\\1{8}$'
            then k.b9 || v.d1::text || v.d2::text end as cpf,
          case when e.idade >= 14 and r.h6 % 100 < 40 then
            ${semAcento(sql`split_part(y.nome, ' ', 1)`)} || '.' || ${semAcento(sql`regexp_replace(y.sobrenome, '^.* ', '')`)}
            || s.g || '@' || ${pegar('dom', DOMINIOS.length, 'r.h7')} end as email,
          make_date(${n(ANO_REFERENCIA)} - e.idade, 1, 1) + (r.h11 % 365)::int as nascimento,
          case when r.h13 % 100 < 90 then 'ATIVO' when r.h13 % 100 < 95 then 'INATIVO'
            when r.h13 % 100 < 97 then 'FALECIDO' else 'DESLIGADO' end as status,
          r.h12, r.h14, r.h15, r.h16, r.h17, r.h18,
          -- Household: community, address and landline.
          cm.id as organizacao_id, cm.cidade_id, cm.estado_id, cm.pais_id, cm.bairro,
          lpad((cm.cep0 + f.f10 % cm.cepn)::text, 8, '0') as cep, ${pegar('rua', LOGRADOUROS.length, 'f.f11')} as logradouro,
          (1 + f.f12 % 2500)::text as numero, f.f9 % 100 < 97 as tem_endereco,
          '(' || cm.ddd || ') 3' || lpad((f.f13 % 1000)::text, 3, '0') || '-' || lpad((f.f14 % 10000)::text, 4, '0') as fixo,
          '(' || cm.ddd || ') 9' || lpad((r.h16 % 10000)::text, 4, '0') || '-' || lpad((r.h17 % 10000)::text, 4, '0') as celular
        from generate_series(${de}::int, ${ate}::int) as s(g)
        cross join l
        cross join lateral (select ${hashes('s.g', 'h', 1, 18)}) r
        -- Where the row's household starts in its block of BLOCO rows, and its size (cut at the last row).
        cross join lateral (select a.*, ((s.g - 1) / ${n(BLOCO)}) * ${n(BLOCO)} + a.inicio + 1 as fg from (select
            ${ints(ARRANJO_INICIO)}[(hashint8extended(((s.g - 1) / ${n(BLOCO)})::bigint, 40) & 9223372036854775807) % ${n(N_ARRANJOS)} * ${n(BLOCO)} + (s.g - 1) % ${n(BLOCO)} + 1] as inicio,
            ${ints(ARRANJO_TAMANHO)}[(hashint8extended(((s.g - 1) / ${n(BLOCO)})::bigint, 40) & 9223372036854775807) % ${n(N_ARRANJOS)} * ${n(BLOCO)} + (s.g - 1) % ${n(BLOCO)} + 1] as tamanho) a) a
        cross join lateral (select ${hashes('a.fg', 'f', 101, 14)}) f
        cross join lateral (select a.fg as f, least(a.tamanho, ${n(total)} - a.fg + 1) as n, (s.g - a.fg)::int as m,
          -- Skewed community sizes (a few large urban ones, many small rural ones), scattered over the tree.
          (1 + (floor(${n(nComunidades)} * power((f.f8 % 1000000) / 1000000.0, 1.7))::bigint * 7919) % ${n(nComunidades)})::int as ci,
          20 + (f.f3 % 76)::int as idade_titular) d
        -- Role: 0 holder, 1 spouse (most households of two or more), 2 child.
        cross join lateral (select d.n >= 2 and f.f1 % 100 < 85 as casal) c
        cross join lateral (select c.casal, case when d.m = 0 then 0 when d.m = 1 and c.casal then 1 else 2 end as papel) p
        cross join lateral (select p.casal, p.papel,
          case p.papel when 0 then (case when f.f2 % 2 = 0 then 'F' else 'M' end)
            when 1 then (case when f.f2 % 2 = 0 then 'M' else 'F' end)
            else (case when r.h1 % 2 = 0 then 'F' else 'M' end) end as sexo,
          case p.papel when 0 then d.idade_titular
            when 1 then greatest(18, d.idade_titular + (r.h8 % 11)::int - 5)
            else least(45, (r.h8 % greatest(1, d.idade_titular - 17))::int) end as idade) e
        join cm on cm.i = d.ci
        cross join lateral (select
          case when e.sexo = 'F' then ${pegar('nf', NOMES_F.length, 'r.h2')} else ${pegar('nm', NOMES_M.length, 'r.h2')} end as nome,
          ${sobrenome('f.f4', 'f.f5', 'f.f6', 'f.f7')} as sobrenome_familia,
          case when e.papel = 1 and r.h3 % 2 = 0 then ${sobrenome('r.h4', 'r.h9', 'r.h10', 'r.h3 / 2')}
            else ${sobrenome('f.f4', 'f.f5', 'f.f6', 'f.f7')} end as sobrenome) y
        -- A bijection of the row number onto 9-digit bases (3^18 is coprime with 10^9): CPFs never repeat.
        cross join lateral (select (s.g::bigint * 387420489 + 123456789) % 1000000000 as b) b
        cross join lateral (select lpad(b.b::text, 9, '0') as b9, ${cpfSomas('b.b')}) k
        cross join lateral (select ${sql.raw(dv('k.s1'))} as d1) v1
        cross join lateral (select v1.d1, ${sql.raw(dv('k.s2 + v1.d1 * 2'))} as d2) v
      ),
      nova_pessoa as (
        insert into pessoa (id, nome, sobrenome, sobrenome_familia, nome_busca, cpf, email, sexo, estado_civil, nacionalidade,
          data_nascimento, data_falecimento, tipo_pessoa_id, status, situacao_id, titular, pre_cadastro, organizacao_id,
          recebe_informativo)
        overriding system value
        select x.id, x.nome, x.sobrenome, x.sobrenome_familia, x.nome_busca, x.cpf, x.email, x.sexo,
          case when x.casal and x.papel < 2 then (case when x.h14 % 100 < 85 then 'CASADO' else 'UNIAO_ESTAVEL' end)
            when x.idade < 18 or x.h14 % 100 < 60 then 'SOLTEIRO' when x.h14 % 100 < 80 then 'DIVORCIADO' else 'VIUVO' end,
          'Brasileira', x.nascimento,
          case when x.status = 'FALECIDO' then greatest(x.nascimento, date '${sql.raw(String(ANO_REFERENCIA))}-12-31' - (x.h15 % 3650)::int) end,
          case when x.h12 % 100 < 85 then ${n(tipoPessoa.Membro!)} when x.h12 % 100 < 95 then ${n(tipoPessoa['Não membro']!)}
            else ${n(tipoPessoa.Visitante!)} end,
          x.status,
          case x.status when 'ATIVO' then ${n(situacao.Ativo!)} when 'INATIVO' then ${n(situacao.Inativo!)}
            when 'FALECIDO' then ${n(situacao.Falecido!)} else ${n(situacao.Transferido!)} end,
          x.m = 0, x.h18 % 100 < 3, x.organizacao_id, x.h15 % 100 < 30
        from x
      ),
      novo_endereco as (
        insert into pessoa_endereco (pessoa_id, tipo_endereco_id, cep, logradouro, numero, bairro, estado_id, cidade_id,
          pais_id, correspondencia, preferencial)
        select x.id, ${n(endereco.Residencial!)}, x.cep, x.logradouro, x.numero, x.bairro, x.estado_id, x.cidade_id,
          x.pais_id, true, true
        from x where x.tem_endereco
      ),
      novo_contato as (
        -- A mobile (a landline for young children), and an e-mail or the household's landline for some.
        insert into pessoa_contato (pessoa_id, tipo_contato_id, valor, principal)
        select x.id, t.tipo, t.valor, t.principal
        from x cross join lateral (values
          (case when x.idade >= 12 then ${n(contato.Celular!)} else ${n(contato.Telefone!)} end,
           case when x.idade >= 12 then x.celular else x.fixo end, true),
          (case when x.email is not null then ${n(contato['E-mail']!)} else ${n(contato.Telefone!)} end,
           case when x.email is not null then x.email when x.idade >= 12 and x.h17 % 100 < 35 then x.fixo end, false)
        ) as t(tipo, valor, principal)
        where t.valor is not null
      )
      -- Family links inside the household, both directions, each side with the reciprocal degree.
      insert into pessoa_familia (pessoa_id, parente_id, grau_parentesco_id)
      select x.id, ${n(base)} + x.f + j.j, case
          when x.papel < 2 and j.papel < 2 then ${n(grau.Cônjuge!)}
          when x.papel < 2 then ${n(grau['Filho(a)']!)}
          when j.papel < 2 then ${n(grau['Pai/Mãe']!)}
          else ${n(grau['Irmão(ã)']!)} end
      from x
      cross join lateral (select j, case when j = 0 then 0 when j = 1 and x.casal then 1 else 2 end as papel
        from generate_series(0, x.n - 1) as j) j
      where j.j <> x.m`);
    });
    const seg = (Date.now() - inicio) / 1000;
    log(
      `people: ${ate.toLocaleString('en')} / ${total.toLocaleString('en')} (${seg.toFixed(1)} s, ${Math.round(ate / seg).toLocaleString('en')}/s)`,
    );
  }
  await db.execute(sql`select setval(pg_get_serial_sequence('pessoa', 'id'), (select max(id) from pessoa))`);
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
  await gerarCidades(db);
  // The people the base and the users above brought get their search key too.
  await db.execute(
    sql`update pessoa set nome_busca = ${nomeBuscaSql(sql`nome`, sql`sobrenome`)} where nome_busca = ''`,
  );
  await cargaEmMassa(db, TABELAS_PESSOAS, log, () =>
    derivadosEmMassa(db, log, () => gerarPessoas(db, opcoes.pessoas, orgs.tipoComunidade, log)),
  );
  log(`people done in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  t = Date.now();
  // Fresh statistics, so the first queries over the new rows get good plans; and the visibility
  // map set, so the list's index-only scans need no table reads (autovacuum would come much later).
  for (const tabela of ['organizacao', 'cidade', 'palavra_busca', 'organizacao_pessoas', ...TABELAS_PESSOAS])
    await db.execute(sql.raw(`vacuum (analyze) ${tabela}`));
  log(`vacuum and analyze in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return {
    sinodos: orgs.sinodos,
    paroquias: orgs.paroquias,
    comunidades: orgs.comunidades,
    outras: orgs.outras,
    pessoas: opcoes.pessoas,
    enderecos: await contar(db, sql`pessoa_endereco`),
    contatos: await contar(db, sql`pessoa_contato`),
    vinculosFamiliares: await contar(db, sql`pessoa_familia`),
    usuarios,
  };
}
