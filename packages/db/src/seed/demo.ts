import { ACESSOS, type AcessoId, centavos, deCentavos, hojeNoBrasil } from '@sig/contracts';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { type ConteudoAceite, HASH_INICIAL, hashDoAceite, sha256 } from '../cadeia-consentimento.js';
import type { Db } from '../index.js';
import * as schema from '../schema/index.js';
import { hashSenha } from '../senha.js';
import { inserirOrganizacoes } from './base.js';
import { nomeBuscaSql } from './nome-busca.js';

/** The demo users' password, documented in the README; demo data is for trying SIG out. */
export const SENHA_DEMO = 'Demo@2026';

export const SINODOS = [
  'Amazonas',
  'Brasil Central',
  'Centro-Campanha Sul',
  'Centro-Sul Catarinense',
  'Espírito Santo a Belém',
  'Mato Grosso',
  'Nordeste Gaúcho',
  'Noroeste Riograndense',
  'Norte Catarinense',
  'Paranapanema',
  'Planalto Rio-Grandense',
  'Rio dos Sinos',
  'Rio Paraná',
  'Sudeste',
  'Sul-Rio-Grandense',
  'Uruguai',
  'Vale do Itajaí',
  'Vale do Taquari',
];

/**
 * The towns of each synod (same order as SINODOS), in the synod's real region: its parishes are
 * named after them, and their communities after quarters of the parish's town. Rio dos Sinos
 * begins with Canguçu, the demo parish's town.
 */
export const CIDADES_SINODO: readonly (readonly string[])[] = [
  ['Manaus', 'Porto Velho', 'Ji-Paraná', 'Cacoal'],
  ['Brasília', 'Goiânia', 'Anápolis', 'Rio Verde'],
  ['Santa Maria', 'Cachoeira do Sul', 'Agudo', 'Sobradinho'],
  ['Florianópolis', 'Brusque', 'Joaçaba', 'Concórdia'],
  ['Vitória', 'Santa Maria de Jetibá', 'Domingos Martins', 'Afonso Cláudio'],
  ['Cuiabá', 'Sorriso', 'Rondonópolis', 'Lucas do Rio Verde'],
  ['Gramado', 'Canela', 'Nova Petrópolis'],
  ['Ijuí', 'Panambi', 'Três de Maio'],
  ['Joinville', 'Jaraguá do Sul', 'São Bento do Sul'],
  ['Londrina', 'Maringá', 'Curitiba'],
  ['Passo Fundo', 'Carazinho', 'Erechim'],
  ['Canguçu', 'São Leopoldo', 'Novo Hamburgo'],
  ['Marechal Cândido Rondon', 'Toledo', 'Cascavel'],
  ['São Paulo', 'Campinas', 'Rio de Janeiro'],
  ['Pelotas', 'São Lourenço do Sul', 'Arroio do Padre'],
  ['Santa Rosa', 'Santo Ângelo', 'Horizontina'],
  ['Blumenau', 'Pomerode', 'Timbó'],
  ['Lajeado', 'Estrela', 'Teutônia'],
];

/** Every town of the demo's parishes. */
export const LOCALIDADES = CIDADES_SINODO.flat();

const PADROEIROS = [
  'da Paz',
  'da Trindade',
  'de Cristo',
  'da Reconciliação',
  'da Graça',
  'do Redentor',
  'Martim Lutero',
  'da Ressurreição',
];

/** Quarters the communities are named after (with their parish's town). */
const BAIRROS_DEMO = ['Centro', 'Vila Nova', 'Linha Brasil', 'Boa Vista', 'São José', 'Harmonia', 'Bela Vista'];

type Perm = { L?: boolean; R?: boolean; C?: boolean; U?: boolean; D?: boolean; P?: boolean };
const TUDO: Perm = { L: true, R: true, C: true, U: true, D: true };
const LER: Perm = { L: true, R: true };

const grupo = (g: string) => ACESSOS.filter((a) => a.grupo === g).map((a) => a.id as AcessoId);

/** The demo profiles (issue: administrator, synod secretary, parish secretary, treasurer, ticket agent). */
export const PERFIS_DEMO: {
  nome: string;
  descricao: string;
  telas: [AcessoId[], Perm][];
  campos?: { acesso: AcessoId; campo: string; visualizar: boolean | null; atualizar: boolean | null }[];
}[] = [
  {
    nome: 'Secretaria Sinodal',
    descricao: 'Cadastros e configurações do sínodo',
    telas: [
      [['Dashboard', 'DashboardFilho', 'MuralAvisos', 'Sobre'], TUDO],
      [grupo('indicadores'), LER],
      // The personal-data export (LGPD) stays the administrator's unless a profile is given it.
      [grupo('cadastros').filter((a) => a !== 'DadosPessoais'), TUDO],
      [grupo('tabelas'), TUDO],
      // The synod's youth secretary publishes congresses and follows their registrations.
      [grupo('eventos'), TUDO],
      [
        [
          'Perfil',
          'Permissoes',
          'Usuarios',
          'AuditoriaAcesso',
          'ConfiguracaoOrganizacao',
          'FiltrosSalvos',
          'ConfiguracaoEtiquetas',
          'Etiquetas',
          'CategoriaAtendimento',
          'Termos',
          'Oficios',
        ],
        TUDO,
      ],
      [grupo('relatorios'), LER],
      // The synod office reads the books of its parishes; the treasuries keep them.
      [['ContaCaixa', 'PlanoConta', 'CentroCusto', 'PlanoOfertas'], LER],
    ],
  },
  {
    nome: 'Secretaria Paroquial',
    descricao: 'Cadastro de membros da paróquia',
    telas: [
      [['Dashboard', 'MuralAvisos', 'Sobre', 'FiltrosSalvos'], TUDO],
      [['IndicadoresCadastros', 'IndicadoresCultos'], LER],
      [['Pessoa', 'PessoaIntegracaoDesligamento', 'Culto', 'Ministerio', 'Etiquetas', 'ConfiguracaoEtiquetas'], TUDO],
      [['Organizacao'], { L: true, R: true, U: true }],
      [grupo('tabelas'), LER],
      [['RelatorioPessoas'], LER],
      // The parish applies gifts tests with the answer keys the synod keeps.
      [['TesteDons'], TUDO],
      // The parish asks the synod for things through its own tickets, choosing among the categories.
      [['AtendimentoMeusAtendimentos'], TUDO],
      [['CategoriaAtendimento'], LER],
      [['GabaritoDons'], LER],
      // The parish runs its cemetery: plots, concessions and burials.
      [['Cemiterio', 'Arrendatario', 'Falecido'], TUDO],
      // The parish office issues its letters (membership declarations, transfers).
      [['Oficios'], TUDO],
      // The parish keeps its calendar, registers its members in the synod's events and checks them in.
      [['Evento', 'InscricoesEventos'], TUDO],
      [['EventoComInscricao'], LER],
      // The parish office brings its members in from the old system's spreadsheets (issue 23).
      [['Migracao'], TUDO],
    ],
    campos: [
      { acesso: 'Organizacao', campo: 'cnpj', visualizar: null, atualizar: false },
      { acesso: 'Organizacao', campo: 'registroEstatuto', visualizar: false, atualizar: false },
    ],
  },
  {
    nome: 'Tesouraria',
    descricao: 'Financeiro da paróquia',
    telas: [
      [['Dashboard', 'MuralAvisos', 'Sobre', 'FiltrosSalvos'], TUDO],
      [['IndicadoresFinanceiros', 'IndicadoresCultos'], LER],
      [grupo('financeiro'), TUDO],
      // The treasury records the services' offerings, which post to the worship cash account.
      [['Culto'], TUDO],
      [['RelatorioContasReceber', 'RelatorioInadimplencia', 'RelatorioFinanceiro', 'RelatorioGerencial'], LER],
      [['Pessoa', 'Organizacao', 'ConfiguracaoEtiquetas'], LER],
      [['ConfiguracaoOrganizacao'], { R: true, U: true, P: true }],
      // Its own setup (issue 17): banks to pick on cash accounts, the contribution categories it charges.
      [['Banco'], LER],
      [['CategoriaContribuicao'], TUDO],
    ],
  },
  {
    nome: 'Atendimento',
    descricao: 'Atendimentos (chamados)',
    telas: [
      [['Dashboard', 'MuralAvisos', 'Sobre'], LER],
      [['IndicadoresAtendimentos'], LER],
      [grupo('atendimentos'), TUDO],
      [['CategoriaAtendimento', 'Time', 'Classificacao', 'Caracteristica', 'Classe', 'Parametro', 'Icones'], TUDO],
      [['Pessoa', 'Organizacao'], LER],
    ],
  },
];

/** The demo gifts-test answer key: six gifts, three statements each, answered 0 (never) to 3 (always). */
const DONS_DEMO: { chave: string; nome: string; descricao: string; perguntas: string[] }[] = [
  {
    chave: 'ENSINO',
    nome: 'Ensino',
    descricao: 'Explicar a Palavra de forma clara, ajudando outras pessoas a crescer na fé.',
    perguntas: [
      'Gosto de estudar a Bíblia e de explicar a outras pessoas o que aprendi.',
      'Consigo tornar simples um assunto difícil.',
      'Pessoas me procuram para tirar dúvidas sobre a fé.',
    ],
  },
  {
    chave: 'SERVICO',
    nome: 'Serviço',
    descricao: 'Perceber as necessidades práticas da comunidade e atendê-las com alegria.',
    perguntas: [
      'Fico feliz em ajudar nas tarefas práticas da comunidade, mesmo sem ser notado(a).',
      'Percebo logo o que precisa ser feito e me disponho a fazer.',
      'Prefiro trabalhar nos bastidores a estar à frente.',
    ],
  },
  {
    chave: 'HOSPITALIDADE',
    nome: 'Hospitalidade',
    descricao: 'Acolher pessoas e fazer com que se sintam em casa.',
    perguntas: [
      'Gosto de receber pessoas em casa ou na comunidade.',
      'Faço com que visitantes se sintam bem-vindos.',
      'Puxo conversa com quem está sozinho(a) num encontro.',
    ],
  },
  {
    chave: 'LIDERANCA',
    nome: 'Liderança',
    descricao: 'Reunir e orientar pessoas em torno de um propósito comum.',
    perguntas: [
      'Consigo reunir pessoas em torno de um objetivo comum.',
      'Quando um grupo está sem rumo, costumo propor um caminho.',
      'Gosto de planejar atividades e distribuir tarefas.',
    ],
  },
  {
    chave: 'MISERICORDIA',
    nome: 'Misericórdia',
    descricao: 'Sentir compaixão e cuidar de quem sofre.',
    perguntas: [
      'Sinto compaixão por quem está sofrendo e quero ajudar.',
      'Gosto de visitar pessoas doentes, idosas ou em dificuldade.',
      'Tenho paciência para ouvir quem passa por problemas.',
    ],
  },
  {
    chave: 'EVANGELISMO',
    nome: 'Evangelismo',
    descricao: 'Compartilhar o Evangelho com quem ainda não o conhece.',
    perguntas: [
      'Falo com naturalidade sobre a minha fé com quem não frequenta a igreja.',
      'Gosto de convidar pessoas para conhecer a comunidade.',
      'Procuro oportunidades de compartilhar o Evangelho.',
    ],
  },
];

/**
 * The demo parish's worship books: a cash account the offerings post to (its worship account),
 * a revenue account for them and the current month's period open, so a service can be recorded
 * with its offering from the first start.
 */
async function criarLivroCultoDemo(db: Db, organizacaoId: number) {
  const hoje = hojeNoBrasil();
  const [ano, mes] = hoje.split('-').map(Number) as [number, number];
  const ultimoDia = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
  const [conta] = await db
    .insert(schema.contaCaixa)
    .values({ organizacaoId, nome: 'Caixa dos cultos', tipoContaCaixa: 'CAIXA', dataSaldoInicial: `${ano}-01-01` })
    .returning({ id: schema.contaCaixa.id });
  await db.insert(schema.planoConta).values({
    organizacaoId,
    nome: 'Ofertas dos cultos',
    codigoInterno: 'OF',
    tipoPlanoConta: 'ANALITICA',
    naturezaPlanoConta: 'RECEITA',
  });
  await db.insert(schema.periodoContabil).values({
    contaCaixaId: conta!.id,
    dataInicio: `${hoje.slice(0, 8)}01`,
    dataFim: `${hoje.slice(0, 8)}${String(ultimoDia).padStart(2, '0')}`,
    saldoInicial: '0',
  });
  await db.update(schema.organizacao).set({ contaCultoId: conta!.id }).where(eq(schema.organizacao.id, organizacaoId));
}

async function criarGabaritoDemo(db: Db) {
  const [gabarito] = await db
    .insert(schema.gabaritoDons)
    .values({
      nome: 'Teste dos dons (demonstração)',
      descricao: 'Gabarito de exemplo: responda de 0 (nunca) a 3 (sempre) a cada afirmação.',
      escalaMaxima: 3,
    })
    .returning();
  const gabaritoId = gabarito!.id;
  await db
    .insert(schema.gabaritoDom)
    .values(DONS_DEMO.map(({ chave, nome, descricao }) => ({ gabaritoId, chave, nome, descricao })));
  // Interleaved (one statement of each gift in turn), so the questionnaire does not group them.
  await db.insert(schema.gabaritoPergunta).values(
    [0, 1, 2].flatMap((rodada) =>
      DONS_DEMO.map((d, i) => ({
        gabaritoId,
        ordem: rodada * DONS_DEMO.length + i + 1,
        texto: d.perguntas[rodada]!,
        dom: d.chave,
      })),
    ),
  );
}

export async function criarPerfil(db: Db, p: (typeof PERFIS_DEMO)[number]): Promise<number> {
  const [perfil] = await db.insert(schema.perfil).values({ nome: p.nome, descricao: p.descricao }).returning();
  const porTela = new Map<string, Perm>();
  for (const [ids, perm] of p.telas) for (const id of ids) porTela.set(id, { ...porTela.get(id), ...perm });
  await db.insert(schema.perfilPermissao).values(
    [...porTela].map(([acesso, x]) => ({
      perfilId: perfil!.id,
      acesso,
      listar: !!x.L,
      visualizar: !!x.R,
      criar: !!x.C,
      atualizar: !!x.U,
      excluir: !!x.D,
      somentePropriaOrganizacao: !!x.P,
    })),
  );
  if (p.campos?.length)
    await db.insert(schema.perfilCampo).values(p.campos.map((c) => ({ ...c, perfilId: perfil!.id })));
  return perfil!.id;
}

async function criarUsuario(
  db: Db,
  dados: { nome: string; sobrenome: string; email: string; cpf: string; vinculos: [number, number][] },
  senhaHash: string,
) {
  const [pessoa] = await db
    .insert(schema.pessoa)
    .values({
      nome: dados.nome,
      sobrenome: dados.sobrenome,
      nomeBusca: nomeBuscaSql(dados.nome, dados.sobrenome),
      email: dados.email,
      cpf: dados.cpf,
      organizacaoId: dados.vinculos[0]![0],
    })
    .returning();
  const [usuario] = await db
    .insert(schema.usuario)
    .values({ pessoaId: pessoa!.id, email: dados.email, senhaHash })
    .returning();
  await db.insert(schema.usuarioOrganizacao).values(
    dados.vinculos.map(([organizacaoId, perfilId], i) => ({
      usuarioId: usuario!.id,
      organizacaoId,
      perfilId,
      padrao: i === 0,
    })),
  );
  return usuario!.id;
}

/** A ticket category and the synod's team, so that a request can be opened, triaged and answered. */
async function criarAtendimentoDemo(db: Db, atendenteId: number) {
  // The icons the migration installs: the category draws the document one.
  const [documento] = await db
    .select({ id: schema.icone.id })
    .from(schema.icone)
    .where(eq(schema.icone.simbolo, 'documento'));
  await db.insert(schema.categoriaAtendimento).values({
    nome: 'Certidões e documentos',
    descricao: 'Pedidos de certidões, declarações e cópias de registros.',
    requisito: 'Informe o nome da pessoa, a data do registro e para que o documento será usado.',
    iconeId: documento?.id ?? null,
  });
  // A class whose characteristic a category may ask for (none does yet: the demo request stays short).
  const [ano] = await db
    .insert(schema.caracteristica)
    .values({ nome: 'Ano do registro', descricao: 'Ano do registro no livro da paróquia' })
    .returning();
  const [classe] = await db.insert(schema.classe).values({ nome: 'Registro paroquial' }).returning();
  await db
    .insert(schema.classeCaracteristica)
    .values({ classeId: classe!.id, caracteristicaId: ano!.id, obrigatorio: true });
  const [equipe] = await db
    .insert(schema.time)
    .values({ nome: 'Secretaria do Sínodo', descricao: 'Atende os pedidos das paróquias e comunidades.' })
    .returning();
  await db.insert(schema.timeParticipante).values({ timeId: equipe!.id, usuarioId: atendenteId });
}

/**
 * The outbox as a running install has it: mail that went out, and one a server refused for good
 * (an address that no longer exists), which the administrator's outbox screen shows with its error.
 */
async function criarCaixaSaidaDemo(db: Db) {
  const horasAtras = (h: number) => new Date(Date.now() - h * 3600_000);
  await db.insert(schema.caixaSaida).values([
    {
      para: 'secretaria@paroquia-da-paz.example',
      assunto: 'SIG: acesso liberado',
      texto: 'Olá! Seu acesso ao SIG foi liberado. Entre com o seu e-mail e a senha que você escolheu.',
      situacao: 'ENVIADO',
      tentativas: 1,
      criadoEm: horasAtras(50),
      enviadoEm: horasAtras(50),
    },
    {
      para: 'tesouraria@paroquia-da-paz.example',
      assunto: 'SIG: código de verificação',
      texto: 'Seu código de verificação do SIG é 482913. Ele vale por 10 minutos.',
      situacao: 'ENVIADO',
      tentativas: 2,
      criadoEm: horasAtras(26),
      enviadoEm: horasAtras(26),
    },
    {
      para: 'contato@comunidade-antiga.example',
      assunto: 'SIG: aviso da paróquia',
      texto: 'A reunião do conselho foi transferida para o próximo sábado, às 15h, no salão da comunidade.',
      situacao: 'ERRO',
      tentativas: 6,
      erro: '550 5.1.1 <contato@comunidade-antiga.example>: Recipient address rejected: User unknown in virtual mailbox table',
      criadoEm: horasAtras(3),
    },
  ]);
}

export type ResultadoDemo = { criado: boolean; usuarios: { email: string; perfil: string; organizacao: string }[] };

/**
 * Demo organizations (national church, 18 synods, 60 parishes, 200 communities), the four
 * demo profiles and one user each. Runs once, after `garantirBase`.
 */
export async function semearDemo(db: Db): Promise<ResultadoDemo> {
  const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(schema.organizacao)) as [{ n: number }];
  if (n > 1) return { criado: false, usuarios: [] };
  const tipos = new Map((await db.select().from(schema.tipoOrganizacao)).map((t) => [t.nivel, t.id]));
  const [igreja] = await db.select().from(schema.organizacao).where(eq(schema.organizacao.nivel, 0));

  // 18 synods; 60 parishes, the first synods one more: each in a town of its synod, a patron per
  // parish of the synod (no two parishes share a name), Rio dos Sinos's first the Reconciliação of
  // Canguçu; 200 communities, three or four per parish, in quarters of the parish's own town.
  const paroquiasNovas = Array.from({ length: 60 }, (_, i) => {
    const k = i % SINODOS.length;
    const j = Math.floor(i / SINODOS.length);
    const cidades = CIDADES_SINODO[k]!;
    const cidade = cidades[j % cidades.length]!;
    const padroeiro = PADROEIROS[(k * 3 + j + 2) % PADROEIROS.length]!;
    return { k, cidade, padroeiro, nome: `Paróquia ${padroeiro} - ${cidade}` };
  });
  const comunidadesNovas = Array.from({ length: 200 }, (_, i) => {
    const p = i % paroquiasNovas.length;
    const j = Math.floor(i / paroquiasNovas.length);
    const padroeiro = PADROEIROS[(i + 3 * j + 5) % PADROEIROS.length]!;
    const bairro = BAIRROS_DEMO[(i + j) % BAIRROS_DEMO.length]!;
    return { p, padroeiro, nome: `${padroeiro} - ${bairro} (${paroquiasNovas[p]!.cidade})` };
  });
  const sinodos = await inserirOrganizacoes(
    db,
    SINODOS.map((nome, i) => ({
      razaoSocial: `Sínodo ${nome}`,
      nomeFantasia: `Sínodo ${nome}`,
      tipoOrganizacaoId: tipos.get(1)!,
      organizacaoPaiId: igreja!.id,
      dataCriacao: `19${60 + i}-03-01`,
    })),
  );
  const paroquias = (
    await inserirOrganizacoes(
      db,
      paroquiasNovas.map((p) => ({
        razaoSocial: `Paróquia Evangélica de Confissão Luterana ${p.padroeiro} de ${p.cidade}`,
        nomeFantasia: p.nome,
        tipoOrganizacaoId: tipos.get(2)!,
        organizacaoPaiId: sinodos[p.k]!.id,
        diaVencimentoContribuicao: 10,
        valorPadraoContribuicao: '50.00',
        tipoValorContribuicao: 'FIXO',
      })),
    )
  ).map((o, i) => ({ ...o, sinodo: sinodos[paroquiasNovas[i]!.k]!.id }));
  await inserirOrganizacoes(
    db,
    comunidadesNovas.map((c) => ({
      razaoSocial: `Comunidade Evangélica ${c.nome}`,
      nomeFantasia: `Comunidade ${c.nome}`,
      tipoOrganizacaoId: tipos.get(3)!,
      organizacaoPaiId: paroquias[c.p]!.id,
      aceitaCadastro: true,
    })),
  );

  const perfis = new Map<string, number>();
  for (const p of PERFIS_DEMO) perfis.set(p.nome, await criarPerfil(db, p));

  const senhaHash = await hashSenha(SENHA_DEMO);
  const sinodo = sinodos[11]!; // Rio dos Sinos
  const paroquia = paroquias.find((p) => p.sinodo === sinodo.id)!;
  const outraParoquia = paroquias.filter((p) => p.sinodo === sinodo.id)[1] ?? paroquias[1]!;
  const usuarios = [
    {
      nome: 'Sara',
      sobrenome: 'Sinodal',
      email: 'sinodo@sig.local',
      cpf: '52998224725',
      vinculos: [
        [sinodo.id, perfis.get('Secretaria Sinodal')!],
        [paroquia.id, perfis.get('Secretaria Paroquial')!],
      ] as [number, number][],
      perfil: 'Secretaria Sinodal',
      organizacao: sinodo.nome,
    },
    {
      nome: 'Paula',
      sobrenome: 'Paroquial',
      email: 'paroquia@sig.local',
      cpf: '11144477735',
      vinculos: [
        [paroquia.id, perfis.get('Secretaria Paroquial')!],
        [outraParoquia.id, perfis.get('Secretaria Paroquial')!],
      ] as [number, number][],
      perfil: 'Secretaria Paroquial',
      organizacao: paroquia.nome,
    },
    {
      nome: 'Tiago',
      sobrenome: 'Tesoureiro',
      email: 'tesouraria@sig.local',
      cpf: '39053344705',
      vinculos: [[paroquia.id, perfis.get('Tesouraria')!]] as [number, number][],
      perfil: 'Tesouraria',
      organizacao: paroquia.nome,
    },
    {
      nome: 'Ana',
      sobrenome: 'Atendente',
      email: 'atendimento@sig.local',
      cpf: '98765432100',
      vinculos: [[sinodo.id, perfis.get('Atendimento')!]] as [number, number][],
      perfil: 'Atendimento',
      organizacao: sinodo.nome,
    },
    // The one demo user held at sign-in by a required term of use still pending (issue 22).
    {
      nome: 'Tânia',
      sobrenome: 'Termos',
      email: 'termos@sig.local',
      cpf: '12345678909',
      vinculos: [[paroquia.id, perfis.get('Secretaria Paroquial')!]] as [number, number][],
      perfil: 'Secretaria Paroquial',
      organizacao: paroquia.nome,
    },
  ];
  const ids = new Map<string, number>();
  for (const u of usuarios) ids.set(u.email, await criarUsuario(db, u, senhaHash));
  await criarGabaritoDemo(db);
  await criarLivroCultoDemo(db, paroquia.id);
  await criarAtendimentoDemo(db, ids.get('atendimento@sig.local')!);
  await criarCaixaSaidaDemo(db);
  await criarPendenciasDemo(db);
  await criarContribuicoesDemo(db, paroquia.id);
  await criarCemiterioDemo(db, paroquia.id);
  await criarMinisteriosDemo(db, sinodo.id, paroquia.id);
  await criarMinistrosDemo(db, sinodo.id, paroquia.id);
  await criarTermosDemo(db, sinodo.id, paroquia.id, ids.get('termos@sig.local')!);
  await criarOficiosDemo(db, paroquia.id, ids.get('paroquia@sig.local')!);
  await criarMigracoesDemo(db, paroquia.id, ids.get('tesouraria@sig.local')!);
  await criarEventoDemo(db, sinodo.id);
  return { criado: true, usuarios: usuarios.map(({ email, perfil, organizacao }) => ({ email, perfil, organizacao })) };
}

/**
 * Two financial exceptions (issue 17), so the exceptions view is not empty in the demo: money the
 * provider took for a charge SIG never issued, and a status the provider shows that SIG did not take.
 */
async function criarPendenciasDemo(db: Db) {
  const pagamento = (id: string, valor: number) => ({
    id,
    status: 'RECEIVED',
    value: valor,
    billingType: 'PIX',
    paymentDate: '2026-03-12',
  });
  await db
    .insert(schema.eventoProvedor)
    .values([
      {
        id: 'evt_demo_pagamento_desconhecido',
        evento: 'PAYMENT_RECEIVED',
        pagamentoId: 'pay_demo_desconhecido',
        payload: {
          id: 'evt_demo_pagamento_desconhecido',
          event: 'PAYMENT_RECEIVED',
          payment: pagamento('pay_demo_desconhecido', 150),
        },
        processadoEm: new Date(),
        resultado: 'pagamento-sem-cobranca:desconhecida',
        tentativas: 1,
      },
      {
        id: 'sinc_pay_demo_divergente_REFUNDED',
        evento: 'SINCRONIZACAO',
        pagamentoId: 'pay_demo_divergente',
        payload: {
          id: 'sinc_pay_demo_divergente_REFUNDED',
          event: 'SINCRONIZACAO',
          payment: { ...pagamento('pay_demo_divergente', 85.5), status: 'REFUNDED' },
        },
        processadoEm: new Date(),
        resultado: 'sem-mudanca',
        tentativas: 1,
      },
    ])
    .onConflictDoNothing();
}

/** `YYYY-MM-DD` some days before a date of the same form. */
const diasAntes = (data: string, dias: number) =>
  new Date(Date.parse(`${data}T00:00:00Z`) - dias * 86_400_000).toISOString().slice(0, 10);

/**
 * A parish's contributions (issue 17), so the annual statement and the aging report show real
 * records: a member who paid every month of last year (one receipt for the year) and is behind
 * this year, and another long overdue. Dates follow the day the demo is made.
 */
async function criarContribuicoesDemo(db: Db, organizacaoId: number) {
  const hoje = hojeNoBrasil();
  const ano = Number(hoje.slice(0, 4)) - 1;
  const [marta, lucas] = await db
    .insert(schema.pessoa)
    .values([
      {
        nome: 'Marta',
        sobrenome: 'Contribuinte',
        nomeBusca: nomeBuscaSql('Marta', 'Contribuinte'),
        cpf: '31845072626',
        email: 'marta.contribuinte@example.org',
        organizacaoId,
      },
      {
        nome: 'Lucas',
        sobrenome: 'Atrasado',
        nomeBusca: nomeBuscaSql('Lucas', 'Atrasado'),
        cpf: '46271938582',
        organizacaoId,
      },
    ])
    .returning({ id: schema.pessoa.id });
  const mes = (m: number) => String(m).padStart(2, '0');
  const pagas = await db
    .insert(schema.contaAReceber)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        organizacaoId,
        pessoaId: marta!.id,
        tipo: 'CONTRIBUICAO',
        mesCompetencia: i + 1,
        anoCompetencia: ano,
        vencimento: `${ano}-${mes(i + 1)}-10`,
        valorPrevisto: '50.00',
        valorPago: '50.00',
        dataPagamento: `${ano}-${mes(i + 1)}-08`,
        dataCredito: `${ano}-${mes(i + 1)}-08`,
        formaPagamento: 'PIX',
        status: 'PAGO',
      })),
    )
    .returning({ id: schema.contaAReceber.id });
  const [recibo] = await db
    .insert(schema.recibo)
    .values({ organizacaoId, numero: 1, data: `${ano}-12-20`, pessoaId: marta!.id, total: '600.00' })
    .returning({ id: schema.recibo.id });
  await db
    .insert(schema.reciboItem)
    .values(pagas.map((c) => ({ reciboId: recibo!.id, contaAReceberId: c.id, valor: '50.00' })));
  const atrasadas: [number, number, string][] = [
    [marta!.id, 10, '50.00'],
    [marta!.id, 40, '50.00'],
    [marta!.id, 70, '50.00'],
    [lucas!.id, 15, '80.00'],
    [lucas!.id, 95, '80.00'],
    [lucas!.id, 200, '80.00'],
  ];
  await db.insert(schema.contaAReceber).values(
    atrasadas.map(([pessoaId, dias, valor]) => {
      const vencimento = diasAntes(hoje, dias);
      return {
        organizacaoId,
        pessoaId,
        tipo: 'CONTRIBUICAO',
        mesCompetencia: Number(vencimento.slice(5, 7)),
        anoCompetencia: Number(vencimento.slice(0, 4)),
        vencimento,
        valorPrevisto: valor,
        status: 'VENCIDO',
      };
    }),
  );
}

/** The demo cemetery's size (issue 20): blocks of rows × plots; a concession on 5 plots of every 8. */
const QUADRAS_DEMO = [
  { quadra: 'A', fileiras: 10, lotes: 14, tipoJazigo: 'SEPULTURA', capacidade: 2 },
  { quadra: 'B', fileiras: 10, lotes: 14, tipoJazigo: 'SEPULTURA', capacidade: 2 },
  { quadra: 'C', fileiras: 10, lotes: 12, tipoJazigo: 'GAVETA', capacidade: 3 },
] as const;
const COM_CONCESSAO = new Set([0, 1, 2, 4, 5]);

/**
 * Each 50 concessions in a row, by state (issue 20: every state of the life cycle): 3 closed, 2 in
 * exhumation, 5 expired, 5 due for renewal, 7 reserved and 28 active.
 */
const estadoDemo = (i: number) => {
  const n = i % 50;
  if (n < 3) return 'ENCERRADA';
  if (n < 5) return 'EM_EXUMACAO';
  if (n < 10) return 'VENCIDA';
  if (n < 15) return 'A_VENCER';
  if (n < 22) return 'RESERVADA';
  return 'VIGENTE';
};

const PRENOMES = ['Heinrich', 'Frida', 'Bruno', 'Elsa', 'Otto', 'Greta', 'Wilhelm', 'Hilda', 'Karl', 'Irma', 'Ernst'];
const SOBRENOMES = ['Schmidt', 'Krüger', 'Müller', 'Weber', 'Becker', 'Hoffmann', 'Schulz', 'Koch', 'Richter'];
/** The holders' families, names no other demo person has (32 holders, most with several plots). */
const PRENOMES_TITULARES = [
  'Adolfo',
  'Bertilda',
  'Clemente',
  'Dorotéia',
  'Emílio',
  'Filomena',
  'Gervásio',
  'Leopoldina',
];
const SOBRENOMES_TITULARES = ['Stumpf', 'Eckert', 'Rauber', 'Seibel'];

/**
 * The parish's cemetery (issue 20) at the issue's size: 3 blocks, 400 plots, 250 concessions in
 * every state of the life cycle and about 300 deceased, built by a fixed rule (the same demo on
 * every start, its dates counted from today so each state holds) in a few bulk inserts. The holders
 * are the parish's people; the deceased are names only, so the registry is left as it is.
 */
async function criarCemiterioDemo(db: Db, organizacaoId: number) {
  const hoje = hojeNoBrasil();
  const dia = (dias: number, de = hoje) => diasAntes(de, -dias);
  const [cemiterio] = await db
    .insert(schema.cemiterio)
    // Open to the public search, so /externo/sepultados answers on the demo.
    .values({
      organizacaoId,
      nome: 'Cemitério Evangélico da Paz',
      endereco: 'Estrada do Cemitério, 200',
      buscaPublica: true,
    })
    .returning({ id: schema.cemiterio.id });
  const cemiterioId = cemiterio!.id;
  const layout = QUADRAS_DEMO.flatMap((q) =>
    Array.from({ length: q.fileiras * q.lotes }, (_, k) => ({
      cemiterioId,
      quadra: q.quadra,
      fileira: Math.floor(k / q.lotes) + 1,
      numero: (k % q.lotes) + 1,
      tipoJazigo: q.tipoJazigo,
      capacidade: q.capacidade,
      situacaoJazigo: 'LIVRE',
    })),
  );
  // The holders are families of their own: the parish's other demo people keep the receivables the
  // money screens' stories read (Lucas's arrears, Marta's paid year, the staff's none).
  const titulares = (
    await db
      .insert(schema.pessoa)
      .values(
        SOBRENOMES_TITULARES.flatMap((sobrenome) =>
          PRENOMES_TITULARES.map((nome) => ({
            nome,
            sobrenome,
            nomeBusca: nomeBuscaSql(nome, sobrenome),
            organizacaoId,
          })),
        ),
      )
      .returning({ id: schema.pessoa.id })
  ).map((p) => p.id);
  type Concessao = typeof schema.arrendatario.$inferInsert;
  type Falecido = Omit<typeof schema.falecido.$inferInsert, 'jazigoId' | 'arrendatarioId'>;
  const concessoes: { plot: number; concessao: Omit<Concessao, 'jazigoId'>; falecidos: Falecido[] }[] = [];
  let f = 0;
  const falecido = (sepultamento: string, exumacao: string | null = null, gaveta = 'A'): Falecido => {
    f++;
    const falecimento = dia(-1 - (f % 2), sepultamento);
    return {
      nome: `${PRENOMES[f % PRENOMES.length]} ${SOBRENOMES[(f * 7) % SOBRENOMES.length]}`,
      dataNascimento: dia(-(60 + (f % 35)) * 365, falecimento),
      dataFalecimento: falecimento,
      dataSepultamento: sepultamento,
      dataExumacao: exumacao,
      gaveta,
    };
  };
  for (let k = 0, i = 0; k < layout.length; k++) {
    if (!COM_CONCESSAO.has(k % 8)) continue;
    const estado = estadoDemo(i);
    const pessoaId = titulares[i % titulares.length]!;
    const valor = `${1200 + (i % 9) * 150}.00`;
    // A temporary concession of 5 years ending on `fim`, with its first burial two days in.
    const temporaria = (fim: string) => ({
      pessoaId,
      tipoConcessao: 'TEMPORARIA',
      inicio: dia(-5 * 365, fim),
      renovadoAte: fim,
      valor,
      parcelas: 1 + (i % 6),
    });
    let c: Omit<Concessao, 'jazigoId'>;
    let falecidos: Falecido[] = [];
    if (estado === 'ENCERRADA') {
      const fim = dia(-60 - (i % 300));
      c = { ...temporaria(fim), encerradaEm: dia(20, fim) };
      falecidos = [falecido(dia(2, c.inicio), dia(15, fim))];
    } else if (estado === 'EM_EXUMACAO' || estado === 'VENCIDA') {
      c = temporaria(dia(-10 - ((i * 13) % 600)));
      falecidos = [falecido(dia(2, c.inicio))];
    } else if (estado === 'A_VENCER') {
      c = temporaria(dia(1 + ((i * 7) % 89)));
      falecidos = [falecido(dia(2, c.inicio))];
    } else if (estado === 'RESERVADA') {
      c =
        i % 2
          ? { ...temporaria(dia(365 + (i % 900))), inicio: dia(-(i % 200)) }
          : {
              pessoaId,
              tipoConcessao: 'PERPETUA',
              inicio: dia(-(i % 400)),
              valor: `${4800 + (i % 5) * 200}.00`,
              parcelas: 10,
            };
    } else {
      const tipo = i % 4;
      c =
        tipo === 0
          ? {
              pessoaId,
              tipoConcessao: 'PERPETUA',
              inicio: `${2000 + (i % 25)}-0${1 + (i % 9)}-1${i % 10}`,
              valor: `${4800 + (i % 5) * 200}.00`,
              parcelas: 10,
            }
          : tipo === 3
            ? {
                pessoaId,
                tipoConcessao: 'GRATUITA',
                inicio: dia(-400 - (i % 1500)),
                isento: true,
                motivoIsencao: 'Família em situação de vulnerabilidade (parecer do conselho)',
              }
            : temporaria(dia(120 + ((i * 37) % 1600)));
      const primeiro = dia(3, c.inicio!);
      falecidos = [falecido(primeiro)];
      // 3 in 5 active plots hold a second burial, between the first one and today.
      if (i % 5 < 3) {
        const entre = Math.floor((Date.parse(hoje) - Date.parse(primeiro)) / 172_800_000);
        falecidos.push(falecido(dia(entre, primeiro), null, 'B'));
      }
    }
    concessoes.push({ plot: k, concessao: c, falecidos });
    i++;
  }
  const estadoDoPlot = (k: number) => {
    const c = concessoes.find((x) => x.plot === k);
    if (!c) return k % 40 === 7 ? 'INDISPONIVEL' : 'LIVRE';
    if (c.concessao.encerradaEm) return 'LIVRE';
    if (estadoDemo(concessoes.indexOf(c)) === 'EM_EXUMACAO') return 'EM_EXUMACAO';
    return c.falecidos.some((x) => !x.dataExumacao) ? 'OCUPADO' : 'RESERVADO';
  };
  const plots = await db
    .insert(schema.jazigo)
    .values(layout.map((j, k) => ({ ...j, situacaoJazigo: estadoDoPlot(k) })))
    .returning({ id: schema.jazigo.id });
  const ids = await db
    .insert(schema.arrendatario)
    .values(concessoes.map((c) => ({ ...c.concessao, jazigoId: plots[c.plot]!.id })))
    .returning({ id: schema.arrendatario.id });
  await db
    .insert(schema.falecido)
    .values(
      concessoes.flatMap((c, n) =>
        c.falecidos.map((x) => ({ ...x, jazigoId: plots[c.plot]!.id, arrendatarioId: ids[n]!.id })),
      ),
    );
  await criarParcelasDemo(
    db,
    organizacaoId,
    concessoes.map((c, n) => {
      const j = layout[c.plot]!;
      return { ...c.concessao, id: ids[n]!.id, rotulo: `${j.quadra}-${j.fileira}-${j.numero}` };
    }),
  );
}

/**
 * The concessions' installments and upkeep fees as receivables (issue 20), as the screens make
 * them: a month apart from the start, the last taking the rounding; paid when past, but every
 * seventh concession with its latest past one overdue; last year's upkeep fee of each standing
 * concession, a quarter of them in arrears (with the year before's too), for the arrears report.
 */
async function criarParcelasDemo(
  db: Db,
  organizacaoId: number,
  concessoes: {
    id: number;
    rotulo: string;
    pessoaId: number;
    inicio: string;
    valor?: string;
    parcelas?: number;
    isento?: boolean;
    encerradaEm?: string | null;
  }[],
) {
  const hoje = hojeNoBrasil();
  const mais = (d: string, meses: number) => {
    const [a, m, dd] = d.split('-').map(Number) as [number, number, number];
    const alvo = new Date(Date.UTC(a, m - 1 + meses, 1));
    const ultimo = new Date(Date.UTC(alvo.getUTCFullYear(), alvo.getUTCMonth() + 1, 0)).getUTCDate();
    alvo.setUTCDate(Math.min(dd, ultimo));
    return alvo.toISOString().slice(0, 10);
  };
  type Conta = typeof schema.contaAReceber.$inferInsert;
  const contas: {
    conta: Conta;
    arrendatarioId: number;
    origem: string;
    referencia: string;
    numero: number;
    de: number;
  }[] = [];
  const conta = (pessoaId: number, vencimento: string, valor: string, descricao: string, atrasada: boolean): Conta => {
    const paga = vencimento < hoje && !atrasada;
    return {
      organizacaoId,
      pessoaId,
      tipo: 'ARRENDAMENTO',
      mesCompetencia: Number(vencimento.slice(5, 7)),
      anoCompetencia: Number(vencimento.slice(0, 4)),
      vencimento,
      valorPrevisto: valor,
      descricao,
      status: paga ? 'PAGO' : vencimento < hoje ? 'VENCIDO' : 'ABERTO',
      valorPago: paga ? valor : null,
      dataPagamento: paga ? vencimento : null,
      dataCredito: paga ? vencimento : null,
      formaPagamento: paga ? 'PIX' : null,
    };
  };
  for (const [i, c] of concessoes.entries()) {
    const total = centavos(c.valor ?? '0');
    const n = c.parcelas ?? 1;
    if (!c.isento && total > 0n) {
      const parte = total / BigInt(n);
      const vencimentos = Array.from({ length: n }, (_, k) => mais(c.inicio, k));
      const ultimaPassada = vencimentos.filter((v) => v < hoje).length - 1;
      for (const [k, v] of vencimentos.entries())
        contas.push({
          conta: conta(
            c.pessoaId,
            v,
            deCentavos(k === n - 1 ? total - parte * BigInt(n - 1) : parte),
            `Concessão do jazigo ${c.rotulo} — parcela ${k + 1}/${n}`,
            i % 7 === 3 && k === ultimaPassada,
          ),
          arrendatarioId: c.id,
          origem: 'CONCESSAO',
          referencia: c.inicio,
          numero: k + 1,
          de: n,
        });
    }
    if (c.isento || c.encerradaEm) continue;
    const ano = Number(hoje.slice(0, 4));
    // A fee falls due on 31 March of a year the concession had begun by.
    const anos = (i % 4 === 1 ? [ano - 2, ano - 1] : [ano - 1]).filter((a) => `${a}-03-31` >= c.inicio);
    for (const a of anos)
      contas.push({
        conta: conta(c.pessoaId, `${a}-03-31`, '120.00', `Taxa de conservação do jazigo ${c.rotulo}`, i % 4 === 1),
        arrendatarioId: c.id,
        origem: 'CONSERVACAO',
        referencia: `${a}-03-31`,
        numero: 1,
        de: 1,
      });
  }
  const criadas = await db
    .insert(schema.contaAReceber)
    .values(contas.map((c) => c.conta))
    .returning({ id: schema.contaAReceber.id });
  await db.insert(schema.arrendatarioParcela).values(
    contas.map((c, k) => ({
      arrendatarioId: c.arrendatarioId,
      contaAReceberId: criadas[k]!.id,
      origem: c.origem,
      referencia: c.referencia,
      numero: c.numero,
      de: c.de,
    })),
  );
}

// Names no other demo person has: searches in the stories and tests of other screens find what they expect.
const NOMES_DEMO_F = [
  'Adelgunde',
  'Brunhilde',
  'Cunegundes',
  'Edeltraud',
  'Friedelinde',
  'Gertraude',
  'Hedwiges',
  'Irmtraud',
  'Waltraud',
  'Liselotte',
];
const NOMES_DEMO_M = [
  'Adalberto',
  'Bertoldo',
  'Conrado',
  'Eberhard',
  'Fridolino',
  'Gotardo',
  'Heribert',
  'Isidoro',
  'Wolfgang',
  'Reinholdo',
];
const SOBRENOMES_DEMO = [
  'Engelmann',
  'Rohde',
  'Lemke',
  'Tessmann',
  'Gerhardt',
  'Tiefensee',
  'Ehlert',
  'Jahn',
  'Dietz',
  'Kessler',
];
const NOMES_MINISTERIO = ['Esperança', 'Ebenézer', 'Shalom', 'Maranata', 'Betânia', 'Emanuel', 'Boa Nova', 'Videira'];
const FUNCOES_DEMO = ['COORDENACAO', 'SECRETARIA'] as const;

/**
 * Ministries of the demo synod (issue 21): 60 groups across its parishes and communities with the
 * figures of last year and this year — most met, some did not meet, some have not reported this
 * year, and a few held more meetings than planned (the form's warning). The demo users' parish has
 * three, of the people it already has; the others four new people each, kept out of that parish so
 * its registry stays as the other stories know it. Deterministic: the same every start.
 */
async function criarMinisteriosDemo(db: Db, sinodoId: number, paroquiaId: number) {
  const org = schema.organizacao;
  const caminho = async (id: number) =>
    (await db.select({ caminho: org.caminho }).from(org).where(eq(org.id, id)))[0]!.caminho;
  const [doSinodo, daParoquia] = [await caminho(sinodoId), await caminho(paroquiaId)];
  const organizacoes = await db
    .select({ id: org.id })
    .from(org)
    .where(
      sql`${org.caminho} like ${`${doSinodo}%`} and ${org.nivel} >= 2 and ${org.caminho} not like ${`${daParoquia}%`}`,
    )
    .orderBy(org.id);
  const tipos = await db
    .select({ id: schema.tipoGrupo.id, nome: schema.tipoGrupo.nome })
    .from(schema.tipoGrupo)
    .orderBy(schema.tipoGrupo.id);
  const daqui = await db
    .select({ id: schema.pessoa.id })
    .from(schema.pessoa)
    .where(eq(schema.pessoa.organizacaoId, paroquiaId))
    .orderBy(schema.pessoa.id);
  if (!organizacoes.length || !tipos.length) return;
  const POR_MINISTERIO = 4;
  const NA_PAROQUIA = daqui.length ? 3 : 0;
  const novos = Array.from({ length: 60 - NA_PAROQUIA }, (_, i) => {
    const tipo = tipos[i % tipos.length]!;
    // Women's and men's groups are of one sex; the others mixed.
    const sexo = tipo.nome === 'Grupo de mulheres' ? 'F' : tipo.nome === 'Grupo de homens' ? 'M' : null;
    return {
      organizacaoId: organizacoes[(i * 7) % organizacoes.length]!.id,
      sexos: Array.from({ length: POR_MINISTERIO }, (_, k) => sexo ?? (k % 2 ? 'M' : 'F')),
    };
  });
  const pessoas = await db
    .insert(schema.pessoa)
    .values(
      novos.flatMap((m, i) =>
        m.sexos.map((sexo, k) => {
          const nome = (sexo === 'F' ? NOMES_DEMO_F : NOMES_DEMO_M)[(i + k * 3) % 10]!;
          const sobrenome = SOBRENOMES_DEMO[(i * 3 + k) % 10]!;
          return { nome, sobrenome, nomeBusca: nomeBuscaSql(nome, sobrenome), sexo, organizacaoId: m.organizacaoId };
        }),
      ),
    )
    .returning({ id: schema.pessoa.id, sexo: schema.pessoa.sexo });
  const grupos = [
    ...novos.map((m, i) => ({
      organizacaoId: m.organizacaoId,
      membros: pessoas.slice(i * POR_MINISTERIO, (i + 1) * POR_MINISTERIO),
    })),
    // The parish's choir, youth and Bible study share the few people it has.
    ...Array.from({ length: NA_PAROQUIA }, (_, j) => ({
      organizacaoId: paroquiaId,
      membros: daqui
        .slice(j % daqui.length)
        .concat(daqui.slice(0, j % daqui.length))
        .map((p) => ({ ...p, sexo: null })),
    })),
  ].map((g, i) => ({
    ...g,
    i,
    tipo: tipos[(i < novos.length ? i : [2, 1, 6][i - novos.length]!) % tipos.length]!,
    reunioesPorAno: [12, 24, 40, 48, 10][i % 5]!,
  }));
  const criados = await db
    .insert(schema.ministerio)
    .values(
      grupos.map((g) => ({
        organizacaoId: g.organizacaoId,
        nome: `${g.tipo.nome} ${NOMES_MINISTERIO[Math.floor(g.i / tipos.length) % NOMES_MINISTERIO.length]}`,
        tipoGrupoId: g.tipo.id,
        coordenadorId: g.membros[0]!.id,
        reunioesPorAno: g.reunioesPorAno,
      })),
    )
    .returning({ id: schema.ministerio.id });
  await db.insert(schema.ministerioParticipante).values(
    grupos.flatMap((g) =>
      g.membros.map((p, k) => ({
        ministerioId: criados[g.i]!.id,
        pessoaId: p.id,
        funcao: FUNCOES_DEMO[k] ?? 'MEMBRO',
      })),
    ),
  );
  const ano = Number(hojeNoBrasil().slice(0, 4));
  const mes = Number(hojeNoBrasil().slice(5, 7));
  const figuras = (g: (typeof grupos)[number], doAno: number, parte: number) => {
    // The registry keeps a few; the figures count everyone who comes (a mixed group when no sex is recorded).
    const conta = (sexo: string) => g.membros.filter((p) => (p.sexo ?? (p.id % 2 ? 'M' : 'F')) === sexo).length;
    const mulheres = conta('F') * (2 + (g.i % 3));
    const homens = conta('M') * (2 + ((g.i + 1) % 3));
    const extra = g.i % 20 === 11 ? 3 : 0;
    return {
      ministerioId: criados[g.i]!.id,
      ano: doAno,
      situacao: 'REUNIU',
      reunioesRealizadas: Math.max(1, Math.round((g.reunioesPorAno - (g.i % 3)) * parte) + extra),
      mediaPresentes: Math.round((mulheres + homens) * (0.55 + (g.i % 4) * 0.1)),
      participantesMasculinos: homens,
      participantesFemininos: mulheres,
    };
  };
  const naoReuniu = (g: (typeof grupos)[number], doAno: number) => ({
    ...figuras(g, doAno, 1),
    situacao: 'NAO_REUNIU',
    reunioesRealizadas: 0,
    mediaPresentes: 0,
    participantesMasculinos: 0,
    participantesFemininos: 0,
  });
  await db.insert(schema.ministerioEstatistica).values(
    grupos.flatMap((g) => [
      g.i % 15 === 4 ? naoReuniu(g, ano - 1) : figuras(g, ano - 1, 1),
      // This year so far: a tenth have not reported yet (no row), a few did not meet.
      ...(g.i % 10 === 3 ? [] : [g.i % 10 === 7 ? naoReuniu(g, ano) : figuras(g, ano, mes / 12)]),
    ]),
  );
}

/**
 * Ministers of the demo synod with their careers (issue 21): 40 pastors, deacons, catechists and
 * missionaries, ordained over thirty years, each with the calls they served and the one they hold
 * now. Some calls end within six months, two are past their term and still active, two ministers
 * wait for a call, three are emeriti — so the careers' alerts have something to show. Kept out of
 * the demo users' parish, as the ministries are. Deterministic: the same every start.
 */
async function criarMinistrosDemo(db: Db, sinodoId: number, paroquiaId: number) {
  const org = schema.organizacao;
  const caminho = async (id: number) =>
    (await db.select({ caminho: org.caminho }).from(org).where(eq(org.id, id)))[0]!.caminho;
  const [doSinodo, daParoquia] = [await caminho(sinodoId), await caminho(paroquiaId)];
  const organizacoes = await db
    .select({ id: org.id })
    .from(org)
    .where(
      sql`${org.caminho} like ${`${doSinodo}%`} and ${org.nivel} >= 2 and ${org.caminho} not like ${`${daParoquia}%`}`,
    )
    .orderBy(org.id);
  if (organizacoes.length < 2) return;
  const TOTAL = 40;
  const hoje = new Date(`${hojeNoBrasil()}T12:00:00Z`);
  const emDias = (dias: number) => new Date(hoje.getTime() + dias * 86_400_000).toISOString().slice(0, 10);
  const noAno = (ano: number, mes: number, dia = 1) =>
    `${ano}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
  const anoAtual = hoje.getUTCFullYear();
  const orgDe = (i: number, k: number) => organizacoes[(i * 5 + k * 3) % organizacoes.length]!.id;
  const ministros = Array.from({ length: TOTAL }, (_, i) => {
    const sexo = i % 3 === 1 ? 'F' : 'M';
    const emerito = i % 13 === 12;
    const semChamado = i === 7 || i === 22;
    const ordenacao = anoAtual - 2 - ((i * 7) % 30);
    return { i, sexo, emerito, semChamado, ordenacao, organizacaoId: orgDe(i, 2) };
  });
  const pessoas = await db
    .insert(schema.pessoa)
    .values(
      ministros.map((m) => {
        const nome = (m.sexo === 'F' ? NOMES_DEMO_F : NOMES_DEMO_M)[(m.i * 3) % 10]!;
        const sobrenome = SOBRENOMES_DEMO[(m.i * 7 + 3) % 10]!;
        return {
          nome,
          sobrenome,
          nomeBusca: nomeBuscaSql(nome, sobrenome),
          sexo: m.sexo,
          organizacaoId: m.organizacaoId,
        };
      }),
    )
    .returning({ id: schema.pessoa.id });
  const criados = await db
    .insert(schema.ministro)
    .values(
      ministros.map((m) => ({
        pessoaId: pessoas[m.i]!.id,
        tipoMinisterio: m.i % 10 < 6 ? 'PASTORAL' : (['DIACONAL', 'CATEQUETICO', 'MISSIONARIO'] as const)[m.i % 3]!,
        situacaoMinisterial: m.emerito ? 'EMERITO' : 'ATIVO',
        registroMinisterial: `MIN-${String(1000 + m.i)}`,
        dataOrdenacao: noAno(m.ordenacao, 1 + (m.i % 12), 7),
        localOrdenacao: 'Catedral do Sínodo',
        ordenante: 'Pastor sinodal',
        dataEmeritacao: m.emerito ? noAno(anoAtual - 1, 12, 31) : null,
      })),
    )
    .returning({ id: schema.ministro.id });
  const chamados = ministros.flatMap((m) => {
    const ministroId = criados[m.i]!.id;
    // Calls of six years, one after another since the ordination; the last one is the current post.
    const anos = anoAtual - m.ordenacao;
    const n = Math.max(1, Math.ceil(anos / 6));
    return Array.from({ length: n }, (_, k) => {
      const inicio = m.ordenacao + k * 6;
      const ultimo = k === n - 1;
      const aberto = ultimo && !m.emerito && !m.semChamado;
      // A fifth of the current calls end within six months; two are past their term.
      const fim = !aberto
        ? noAno(Math.min(inicio + 6, anoAtual) - (ultimo ? 1 : 0), 3, 31)
        : m.i === 3 || m.i === 18
          ? emDias(-20 - m.i)
          : m.i % 5 === 0
            ? emDias(20 + m.i * 4)
            : noAno(inicio + 6 + (anos % 6 === 0 ? 1 : 0), 3, 31);
      return {
        ministroId,
        organizacaoId: ultimo ? m.organizacaoId : orgDe(m.i, k + 3),
        dataInicio: noAno(inicio, 4, 1),
        dataFimMandato: fim < noAno(inicio, 4, 1) ? noAno(inicio, 12, 31) : fim,
        dataInstalacao: noAno(inicio, 4, 10),
        situacao: aberto ? (m.i % 17 === 9 ? 'LICENCA' : 'ATIVO') : 'ENCERRADO',
      };
    });
  });
  await db.insert(schema.ministroChamado).values(chamados);
}

/**
 * Two published consent terms of the synod (issue 22): data consent, at its second version (the
 * first superseded: its acceptances superseded and those people asked again), and the required
 * terms of use; their requests in every state — pending, accepted, declined, revoked, superseded —
 * sent to people of the demo parish who are no users (a user with a pending required term is held
 * at sign-in), but for the demo user `termos@sig.local`, who is; all in the chained ledger.
 */
async function criarTermosDemo(db: Db, organizacaoId: number, paroquiaId: number, usuarioTermosId: number) {
  const email = (versao: string) => ({
    remetente: 'Secretaria Sinodal',
    assuntoEmail: `Leia e responda: ${versao}`,
    corpoEmail: 'Olá, {{nome}}.\n\nPedimos que você leia o termo e responda pelo link abaixo:\n{{link}}',
  });
  const consentimento = [
    'Termo de consentimento para tratamento de dados pessoais (LGPD, art. 11).',
    'Seus dados de membresia, inclusive a filiação religiosa, são usados para a vida da comunidade: cadastro, ofícios, contribuições e comunicação.',
    'Os dados não são compartilhados com terceiros, exceto quando a lei exigir.',
    'Você pode revogar este consentimento a qualquer momento, pela secretaria da sua comunidade.',
  ];
  const publicadoEm = new Date('2026-02-01T12:00:00Z');
  const termos = await db
    .insert(schema.termo)
    .values([
      {
        idCompartilhado: '7a1e2c4d-0000-4000-8000-000000000001',
        organizacaoId,
        nome: 'Consentimento de dados pessoais',
        categoriaTermo: 'CONSENTIMENTO_DADOS',
        versao: 1,
        situacaoTermo: 'SUBSTITUIDO',
        ...email('consentimento de dados'),
        texto: consentimento.slice(0, 3).join('\n\n'),
        publicadoEm: new Date('2025-09-01T12:00:00Z'),
      },
      {
        idCompartilhado: '7a1e2c4d-0000-4000-8000-000000000001',
        organizacaoId,
        nome: 'Consentimento de dados pessoais',
        categoriaTermo: 'CONSENTIMENTO_DADOS',
        versao: 2,
        situacaoTermo: 'PUBLICADO',
        ...email('consentimento de dados'),
        texto: consentimento.join('\n\n'),
        publicadoEm,
      },
      {
        idCompartilhado: '7a1e2c4d-0000-4000-8000-000000000002',
        organizacaoId,
        nome: 'Termos de uso do SIG',
        categoriaTermo: 'TERMOS_USO',
        versao: 1,
        situacaoTermo: 'PUBLICADO',
        ...email('termos de uso'),
        texto: 'Termos de uso do SIG.\n\nO acesso é pessoal e intransferível.\n\nO uso é registrado para auditoria.',
        obrigatorio: true,
        publicadoEm,
      },
    ])
    .returning();
  // The parish's people first, then the synod's other communities': six who are no users.
  const pessoas = (
    (await db.execute(sql`select p.id, p.email from pessoa p join organizacao o on o.id = p.organizacao_id
      where o.caminho like (select caminho from organizacao where id = ${organizacaoId}) || '%'
        and not exists (select 1 from usuario u where u.pessoa_id = p.id)
      order by p.organizacao_id <> ${paroquiaId}, p.id limit 6`)) as unknown as {
      rows: { id: number; email: string | null }[];
    }
  ).rows;
  const [tania] = await db
    .select({ id: schema.pessoa.id, email: schema.pessoa.email })
    .from(schema.usuario)
    .innerJoin(schema.pessoa, eq(schema.pessoa.id, schema.usuario.pessoaId))
    .where(eq(schema.usuario.id, usuarioTermosId));
  /**
   * Per version: the people asked and their story (null: still pending; ACEITO>REVOGADO: accepted,
   * then revoked; ACEITO>SUBSTITUIDO: accepted, then superseded by the next version; REACEITE: asked
   * again after that, still pending).
   */
  const respostas: [number, { pessoa: { id: number; email: string | null } | undefined; historia: string | null }[]][] =
    [
      [
        0,
        ['ACEITO>SUBSTITUIDO', 'ACEITO>SUBSTITUIDO', 'DESCONSIDERADO'].map((h, k) => ({
          pessoa: pessoas[k],
          historia: h,
        })),
      ],
      [
        1,
        ['ACEITO', 'REACEITE', null, 'DESCONSIDERADO', 'ACEITO>REVOGADO', 'ACEITO'].map((h, k) => ({
          pessoa: pessoas[k],
          historia: h,
        })),
      ],
      [
        2,
        [
          // The required terms of use: only the dedicated demo user is left pending (held at sign-in).
          ...['ACEITO', 'DESCONSIDERADO', 'ACEITO', 'ACEITO', 'ACEITO>REVOGADO', 'ACEITO'].map((h, k) => ({
            pessoa: pessoas[k],
            historia: h,
          })),
          { pessoa: tania, historia: null },
        ],
      ],
    ];
  let anterior = HASH_INICIAL;
  let minuto = 0;
  const acrescentar = async (conteudo: ConteudoAceite) => {
    const hash = hashDoAceite(anterior, conteudo);
    await db.insert(schema.termoAceite).values({ ...conteudo, hashAnterior: anterior, hash });
    anterior = hash;
  };
  // Who accepted the first version: their request, asked again in the second.
  const substituidas = new Map<number, number>();
  for (const [i, pedidos] of respostas) {
    const t = termos[i]!;
    const enviadoEm = t.publicadoEm!;
    for (const [k, { pessoa: p, historia }] of pedidos.entries()) {
      if (!p) continue;
      const [decisao, depois] = (historia ?? '').split('>') as [string, string | undefined];
      const respondeu = decisao === 'ACEITO' || decisao === 'DESCONSIDERADO';
      const respondidoEm = respondeu ? new Date(enviadoEm.getTime() + ++minuto * 3_600_000) : null;
      const revogadoEm = depois === 'REVOGADO' ? new Date(respondidoEm!.getTime() + 86_400_000) : null;
      const [s] = await db
        .insert(schema.termoSolicitacao)
        .values({
          termoId: t.id,
          pessoaId: p.id,
          email: p.email ?? `pessoa${p.id}@exemplo.org`,
          situacaoSolicitacao: depois ?? (respondeu ? decisao : 'PENDENTE'),
          anteriorId: substituidas.get(p.id) ?? null,
          enviadoEm,
          // The demo's links are not known to anyone: a resend gives a pending request a new one.
          expiraEm: new Date(enviadoEm.getTime() + 30 * 86_400_000),
          respondidoEm,
          revogadoEm,
        })
        .returning({ id: schema.termoSolicitacao.id });
      if (!respondidoEm) continue;
      const conteudo = {
        solicitacaoId: s!.id,
        termoId: t.id,
        pessoaId: p.id,
        versao: t.versao,
        decisao,
        hashTexto: sha256(t.texto),
        registradoEm: respondidoEm,
        ip: `198.51.100.${10 + k}`,
        navegador: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
      };
      await acrescentar(conteudo);
      if (revogadoEm) await acrescentar({ ...conteudo, decisao: 'REVOGADO', registradoEm: revogadoEm });
      if (depois === 'SUBSTITUIDO') {
        substituidas.set(p.id, s!.id);
        await acrescentar({
          ...conteudo,
          decisao: 'SUBSTITUIDO',
          registradoEm: termos[1]!.publicadoEm!,
          ip: null,
          navegador: null,
        });
      }
    }
  }
}

/** The demo's letter texts: the merge fields a template holds, as the letters issued from it read. */
const TEMPLATES_OFICIO_DEMO = [
  {
    tipoOficio: 'TRANSFERENCIA',
    nome: 'Carta de transferência',
    assunto: 'Transferência de membresia de {{pessoa.nome}}',
    corpo:
      'Prezados irmãos e irmãs em Cristo,\n\n{{organizacao.nome}} comunica que {{pessoa.nome}}, membro desta paróquia, solicitou a transferência de sua membresia para a comunidade de seu novo domicílio.\n\nAtestamos que o(a) irmão(ã) participou da vida comunitária e está em plena comunhão com esta paróquia. Pedimos que o(a) acolham fraternalmente.\n\n{{oficio.data}}.',
  },
  {
    tipoOficio: 'DECLARACAO_MEMBRESIA',
    nome: 'Declaração de membresia',
    assunto: 'Declaração de membresia',
    corpo:
      'Declaramos, para os devidos fins, que {{pessoa.nome}}, CPF {{pessoa.cpf}}, é membro de {{organizacao.razaoSocial}}.\n\nPor ser expressão da verdade, firmamos a presente declaração.\n\n{{oficio.data}}.',
  },
  {
    tipoOficio: 'CONVITE',
    nome: 'Convite para o culto festivo',
    assunto: 'Convite: culto festivo de aniversário da paróquia',
    corpo:
      'Prezado(a) {{destinatario.nome}},\n\n{{organizacao.nome}} tem a alegria de convidá-lo(a) para o culto festivo de aniversário da paróquia, seguido de almoço comunitário no salão paroquial.\n\nSua presença será motivo de alegria para toda a comunidade.\n\n{{oficio.data}}.',
  },
  {
    tipoOficio: 'CERTIFICADO_MINISTERIAL',
    nome: 'Certificado ministerial',
    assunto: 'Certificado ministerial de {{pessoa.nome}}',
    corpo:
      'Certificamos, para os devidos fins, que {{pessoa.nome}}, registro ministerial {{ministro.registroMinisterial}}, foi ordenado(a) para o ministério {{ministro.tipoMinisterio}} em {{ministro.dataOrdenacao}}, em {{ministro.localOrdenacao}}, pela imposição de mãos de {{ministro.ordenante}}, e exerce o ministério em comunhão com esta igreja.\n\n{{oficio.data}}.',
  },
] as const;

/**
 * Office letters of the demo parish (issue 22): a transfer letter, a membership declaration, an
 * invitation and a ministry certificate (issue 21), and letters issued from them to people of the parish (numbered 1, 2, 3… of the
 * year, their texts merged as the API merges them) and to a community.
 */
async function criarOficiosDemo(db: Db, paroquiaId: number, emitidoPor: number) {
  const [emissor] = await db
    .select({ nome: schema.organizacao.nomeFantasia, razaoSocial: schema.organizacao.razaoSocial })
    .from(schema.organizacao)
    .where(eq(schema.organizacao.id, paroquiaId));
  const modelos = await db
    .insert(schema.oficioTemplate)
    .values(
      TEMPLATES_OFICIO_DEMO.map((m) => ({
        ...m,
        organizacaoId: paroquiaId,
        cabecalho: emissor!.razaoSocial,
        rodape: 'Ofício {{oficio.numero}} – {{organizacao.nome}}',
      })),
    )
    .returning();
  const pessoas = await db
    .select({
      id: schema.pessoa.id,
      nome: sql<string>`trim(${schema.pessoa.nome} || ' ' || ${schema.pessoa.sobrenome})`,
      cpf: schema.pessoa.cpf,
    })
    .from(schema.pessoa)
    .where(and(eq(schema.pessoa.organizacaoId, paroquiaId), isNotNull(schema.pessoa.cpf)))
    .orderBy(schema.pessoa.id)
    .limit(3);
  const [comunidade] = await db
    .select({ id: schema.organizacao.id, nome: schema.organizacao.nomeFantasia })
    .from(schema.organizacao)
    .where(eq(schema.organizacao.organizacaoPaiId, paroquiaId))
    .orderBy(schema.organizacao.id)
    .limit(1);
  const hoje = hojeNoBrasil();
  const ano = Number(hoje.slice(0, 4));
  const cpfTela = (c: string) => `${c.slice(0, 3)}.${c.slice(3, 6)}.${c.slice(6, 9)}-${c.slice(9)}`;
  const porExtenso = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${hoje}T00:00:00Z`),
  );
  const destinos: [number, { pessoa?: (typeof pessoas)[number]; organizacao?: { id: number; nome: string } }][] = [
    [1, { pessoa: pessoas[0] }],
    [0, { pessoa: pessoas[1] }],
    [1, { pessoa: pessoas[2] }],
    [2, { organizacao: comunidade }],
  ];
  let numero = 0;
  for (const [i, d] of destinos) {
    if (!d.pessoa && !d.organizacao) continue;
    numero++;
    const m = modelos[i]!;
    const destinatario = d.pessoa?.nome ?? d.organizacao!.nome;
    const valores: Record<string, string> = {
      'destinatario.nome': destinatario,
      'pessoa.nome': destinatario,
      'pessoa.cpf': d.pessoa?.cpf ? cpfTela(d.pessoa.cpf) : '',
      'organizacao.nome': emissor!.nome,
      'organizacao.razaoSocial': emissor!.razaoSocial,
      'oficio.numero': `${numero}/${ano}`,
      'oficio.data': porExtenso,
    };
    const mesclar = (texto: string | null) =>
      texto === null ? null : texto.replace(/\{\{\s*([\w.]+)\s*\}\}/g, (x, c: string) => valores[c] ?? x);
    await db.insert(schema.oficio).values({
      templateId: m.id,
      organizacaoId: paroquiaId,
      ano,
      numero,
      data: hoje,
      pessoaId: d.pessoa?.id ?? null,
      organizacaoDestinatariaId: d.organizacao?.id ?? null,
      destinatario,
      assunto: mesclar(m.assunto)!,
      cabecalho: mesclar(m.cabecalho),
      texto: mesclar(m.corpo)!,
      rodape: mesclar(m.rodape),
      mostrarEmissor: m.mostrarEmissor,
      tamanhoPapel: m.tamanhoPapel,
      orientacao: m.orientacao,
      margemMm: m.margemMm,
      emitidoPor,
      // Fixed, so the public verification page can be tried on the demo (DEMO20260001, …).
      codigoVerificacao: `DEMO${ano}${String(numero).padStart(4, '0')}`,
    });
  }
}

/**
 * Migration runs of the parish (issue 23): one finished, whose three members came from an older
 * sheet (their source and key kept on them), and dry runs (people, receivables) with rows in error.
 */
async function criarMigracoesDemo(db: Db, paroquiaId: number, usuarioId: number) {
  const pessoas = await db
    .select({ id: schema.pessoa.id, nome: schema.pessoa.nome, sobrenome: schema.pessoa.sobrenome })
    .from(schema.pessoa)
    .where(sql`${schema.pessoa.organizacaoId} = ${paroquiaId} and ${schema.pessoa.excluidoEm} is null`)
    .orderBy(schema.pessoa.id)
    .limit(3);
  const cabecalhos = ['Código', 'Nome completo', 'CPF', 'Data de nascimento'];
  const mapeamento = {
    chaveLegada: 'Código',
    nomeCompleto: 'Nome completo',
    cpf: 'CPF',
    dataNascimento: 'Data de nascimento',
  };
  const [feita] = await db
    .insert(schema.migracao)
    .values({
      organizacaoId: paroquiaId,
      criadoPor: usuarioId,
      tipo: 'PESSOAS',
      nomeArquivo: 'membros-2019.xlsx',
      formato: 'XLSX',
      origem: 'planilha-2019',
      cabecalhos,
      mapeamento,
      status: 'CONCLUIDA',
      linhas: pessoas.length,
      criados: pessoas.length,
      analisadoEm: sql`now() - interval '30 days'`,
      confirmadoEm: sql`now() - interval '30 days'`,
      criadoEm: sql`now() - interval '30 days'`,
    })
    .returning({ id: schema.migracao.id });
  for (const [i, p] of pessoas.entries()) {
    const chave = `P-${String(i + 1).padStart(3, '0')}`;
    await db
      .update(schema.pessoa)
      .set({ origem: 'planilha-2019', chaveLegada: chave })
      .where(eq(schema.pessoa.id, p.id));
    await db.insert(schema.migracaoLinha).values({
      migracaoId: feita!.id,
      numero: i + 2,
      chaveLegada: chave,
      descricao: `${p.nome} ${p.sobrenome}`,
      acao: 'CRIAR',
      original: { Código: chave, 'Nome completo': `${p.nome} ${p.sobrenome}`, CPF: '', 'Data de nascimento': '' },
      dados: { campos: { nome: p.nome, sobrenome: p.sobrenome }, enderecos: [], contatos: [], chaveLegada: chave },
      alvoId: p.id,
      anteriores: { campos: {}, enderecos: [], contatos: [] },
      aplicadaEm: sql`now() - interval '30 days'`,
    });
  }
  const [comErros] = await db
    .insert(schema.migracao)
    .values({
      organizacaoId: paroquiaId,
      criadoPor: usuarioId,
      tipo: 'PESSOAS',
      nomeArquivo: 'membros-comunidade.csv',
      formato: 'CSV',
      origem: 'planilha-comunidade',
      cabecalhos,
      mapeamento,
      status: 'ANALISADA',
      linhas: 4,
      criados: 2,
      falhas: 2,
      analisadoEm: sql`now()`,
    })
    .returning({ id: schema.migracao.id });
  const nova = (numero: number, chave: string, nome: string, sobrenome: string, nascimento: string) => ({
    migracaoId: comErros!.id,
    numero,
    chaveLegada: chave,
    descricao: `${nome} ${sobrenome}`,
    acao: 'CRIAR',
    original: { Código: chave, 'Nome completo': `${nome} ${sobrenome}`, CPF: '', 'Data de nascimento': nascimento },
    dados: {
      campos: { nome, sobrenome, dataNascimento: nascimento.split('/').reverse().join('-') },
      enderecos: [],
      contatos: [],
      chaveLegada: chave,
    },
  });
  const erro = (
    numero: number,
    chave: string,
    nomeCompleto: string,
    cpf: string,
    nascimento: string,
    campo: string,
    chaveMsg: string,
  ) => ({
    migracaoId: comErros!.id,
    numero,
    chaveLegada: chave,
    descricao: nomeCompleto,
    acao: 'ERRO',
    original: { Código: chave, 'Nome completo': nomeCompleto, CPF: cpf, 'Data de nascimento': nascimento },
    mensagens: [{ code: 'custom', path: [campo], message: chaveMsg }],
  });
  await db
    .insert(schema.migracaoLinha)
    .values([
      nova(2, 'C-101', 'Irma', 'Gerhardt', '03/04/1950'),
      erro(3, 'C-102', 'Otto Wendt', '123.456.789-00', '11/09/1948', 'cpf', 'validacao:cpfInvalido'),
      nova(4, 'C-103', 'Lia', 'Strassburger', '22/10/1999'),
      erro(5, 'C-104', 'Bruno Heck', '', '31/06/1971', 'dataNascimento', 'validacao:dataInvalida'),
    ]);

  // The treasury's receivables history from the old system, dry-run: one paid tithe, one amount in error.
  const titular = pessoas[0];
  if (!titular) return;
  const cabecalhosContas = ['Lançamento', 'Código do membro', 'Vencimento', 'Valor', 'Valor pago', 'Data de pagamento'];
  const [contas] = await db
    .insert(schema.migracao)
    .values({
      organizacaoId: paroquiaId,
      criadoPor: usuarioId,
      tipo: 'CONTAS_A_RECEBER',
      nomeArquivo: 'lancamentos-2019.csv',
      formato: 'CSV',
      origem: 'planilha-2019',
      cabecalhos: cabecalhosContas,
      mapeamento: {
        chaveLegada: 'Lançamento',
        pessoaChave: 'Código do membro',
        vencimento: 'Vencimento',
        valorPrevisto: 'Valor',
        valorPago: 'Valor pago',
        dataPagamento: 'Data de pagamento',
      },
      status: 'ANALISADA',
      linhas: 2,
      criados: 1,
      falhas: 1,
      analisadoEm: sql`now()`,
    })
    .returning({ id: schema.migracao.id });
  const original = (chave: string, valor: string, pago: string, data: string) =>
    Object.fromEntries(cabecalhosContas.map((c, i) => [c, [chave, 'P-001', '10/03/2019', valor, pago, data][i]!]));
  const nome = `${titular.nome} ${titular.sobrenome}`;
  await db.insert(schema.migracaoLinha).values([
    {
      migracaoId: contas!.id,
      numero: 2,
      chaveLegada: 'L-2019-031',
      descricao: `${nome} · 3/2019 · 1250.00`,
      acao: 'CRIAR',
      original: original('L-2019-031', '1.250,00', '1.250,00', '08/03/2019'),
      dados: {
        conta: {
          organizacaoId: paroquiaId,
          pessoaId: titular.id,
          categoriaContribuicaoId: null,
          tipo: 'CONTRIBUICAO',
          mesCompetencia: 3,
          anoCompetencia: 2019,
          vencimento: '2019-03-10',
          valorPrevisto: '1250.00',
          descricao: null,
          formaPagamento: null,
        },
        pagamento: { valor: '1250.00', dataPagamento: '2019-03-08', dataCredito: '2019-03-08', forma: 'OUTRA' },
        chaveLegada: 'L-2019-031',
      },
    },
    {
      migracaoId: contas!.id,
      numero: 3,
      chaveLegada: 'L-2019-032',
      descricao: `${nome} · 4/2019 · 1,250.00`,
      acao: 'ERRO',
      original: original('L-2019-032', '1,250.00', '', ''),
      mensagens: [{ code: 'custom', path: ['valorPrevisto'], message: 'validacao:valorInvalido' }],
    },
  ]);
}

/** A valid CPF from a 9-digit base (the demo's registrants). */
function cpfDemo(base: number) {
  const b = String(base).padStart(9, '0').split('').map(Number);
  const dv = (ds: number[]) => {
    const r = (ds.reduce((acc, d, i) => acc + d * (ds.length + 1 - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(b);
  return [...b, d1, dv([...b, d1])].join('');
}

const OFICINAS_DEMO = [
  { nome: 'Louvor e banda', categoria: 'Música', horario: 'Sábado manhã' },
  { nome: 'Teatro', categoria: 'Artes', horario: 'Sábado manhã' },
  { nome: 'Liderança jovem', categoria: 'Formação', horario: 'Sábado tarde' },
  { nome: 'Fotografia e redes', categoria: 'Comunicação', horario: 'Sábado tarde' },
  { nome: 'Diaconia na prática', categoria: 'Diaconia', horario: 'Domingo manhã' },
  { nome: 'Dança', categoria: 'Artes', horario: 'Domingo manhã' },
];

/**
 * Each 20 registrations in a row, by state (issue 19: every state): 10 paid, 3 awaiting payment,
 * 1 courtesy, 2 cancelled, 2 expired and 2 on the waiting list.
 */
const estadoInscricaoDemo = (i: number) =>
  (
    [
      'CONFIRMADA',
      'PENDENTE',
      'CONFIRMADA',
      'CANCELADA',
      'CONFIRMADA',
      'CORTESIA',
      'CONFIRMADA',
      'EXPIRADA',
      'CONFIRMADA',
      'PENDENTE',
      'CONFIRMADA',
      'LISTA_ESPERA',
      'CONFIRMADA',
      'CANCELADA',
      'CONFIRMADA',
      'PENDENTE',
      'CONFIRMADA',
      'EXPIRADA',
      'CONFIRMADA',
      'LISTA_ESPERA',
    ] as const
  )[i % 20]!;

/**
 * The synod's youth congress (issue 19): 3 price lots (the first sold out, the second open, the
 * third from two weeks on), 6 workshops in 3 time slots, and 300 registrations in every state. The
 * paid ones hold a receivable marked paid, as the demo's other paid receivables; those awaiting
 * payment hold an open one, charged at the provider by the registrations' job; each payer is a
 * person of the registry created by the registration (origem EVENTO). "Louvor e banda" is full,
 * so the waiting list is for it.
 */
async function criarEventoDemo(db: Db, sinodoId: number) {
  const hoje = hojeNoBrasil();
  const dia = (dias: number) => diasAntes(hoje, -dias);
  const inicio = dia(75);
  const [ev] = await db
    .insert(schema.evento)
    .values({
      organizacaoId: sinodoId,
      comInscricao: true,
      tipoEvento: 'CONGRESSO',
      codigo: 'congrenaje',
      nome: `Congrenaje ${inicio.slice(0, 4)} — Congresso Sinodal da Juventude`,
      descricao: 'Três dias de louvor, estudo e oficinas para a juventude do Sínodo Rio dos Sinos. Traga sua barraca!',
      inicio: new Date(`${inicio}T19:00:00-03:00`),
      fim: new Date(`${dia(77)}T12:00:00-03:00`),
      local: 'Ginásio da Faculdades EST, São Leopoldo',
      visibilidade: 'HIERARQUIA',
      prazoInscricao: new Date(`${dia(65)}T23:59:00-03:00`),
      formasPagamento: ['PIX', 'BOLETO', 'CARTAO'],
      diasVencimento: 3,
      formulario: {
        secoes: {
          camiseta: { pedir: true, obrigatoria: true },
          logistica: { pedir: true, obrigatoria: false },
          saude: { pedir: true, obrigatoria: false },
          oficinas: { pedir: true, obrigatoria: false },
        },
        perguntas: [{ chave: 'comunidade', rotulo: 'Sua comunidade', tipo: 'texto', obrigatoria: false, opcoes: [] }],
      },
    })
    .returning({ id: schema.evento.id });
  const eventoId = ev!.id;
  const estados = Array.from({ length: 300 }, (_, i) => estadoInscricaoDemo(i));
  const comVaga = estados.filter((s) => s === 'CONFIRMADA' || s === 'PENDENTE' || s === 'CORTESIA').length;
  const lotes = await db
    .insert(schema.eventoLote)
    .values([
      { eventoId, numero: 1, valor: '120.00', quantidade: 150, inicio: dia(-40), fim: dia(20) },
      { eventoId, numero: 2, valor: '150.00', quantidade: comVaga - 150 + 60, inicio: null, fim: dia(35) },
      { eventoId, numero: 3, valor: '180.00', quantidade: 100, inicio: dia(14), fim: null },
    ])
    .returning({ id: schema.eventoLote.id, valor: schema.eventoLote.valor });
  // Each seat-holder picks one workshop of each Saturday slot, round the list; "Louvor e banda" gets exactly its vacancies.
  const manha = (k: number) => (k % 2 === 0 ? 0 : 1);
  const tarde = (k: number) => (k % 3 === 0 ? 3 : 2);
  const louvor = Math.ceil(comVaga / 2);
  const oficinas = await db
    .insert(schema.eventoOficina)
    .values(OFICINAS_DEMO.map((o, i) => ({ eventoId, ...o, vagas: i === 0 ? louvor : 80 })))
    .returning({ id: schema.eventoOficina.id });

  const pagantes = estados.filter((s) => s === 'CONFIRMADA' || s === 'PENDENTE').length;
  const pessoas = await db
    .insert(schema.pessoa)
    .values(
      Array.from({ length: pagantes }, (_, i) => {
        const nome = PRENOMES_JOVENS[i % PRENOMES_JOVENS.length]!;
        const sobrenome = `${SOBRENOMES[(i * 7) % SOBRENOMES.length]} ${SOBRENOMES_JOVENS[i % SOBRENOMES_JOVENS.length]}`;
        return {
          nome,
          sobrenome,
          nomeBusca: nomeBuscaSql(nome, sobrenome),
          cpf: cpfDemo(710_000_000 + i * 37),
          email: `${nome.toLowerCase()}.${i}@jovens.example.org`,
          dataNascimento: `${2000 + (i % 9)}-${String((i % 12) + 1).padStart(2, '0')}-15`,
          organizacaoId: sinodoId,
          preCadastro: true,
          origem: 'EVENTO',
        };
      }),
    )
    .returning({
      id: schema.pessoa.id,
      nome: schema.pessoa.nome,
      sobrenome: schema.pessoa.sobrenome,
      cpf: schema.pessoa.cpf,
    });

  let seat = 0;
  let pagante = 0;
  const linhas = estados.map((status, i) => {
    const segura = status === 'CONFIRMADA' || status === 'PENDENTE' || status === 'CORTESIA';
    const lote = segura ? (seat < 150 ? lotes[0]! : lotes[1]!) : status === 'LISTA_ESPERA' ? null : lotes[0]!;
    const k = segura ? seat++ : i;
    const p = status === 'CONFIRMADA' || status === 'PENDENTE' ? pessoas[pagante++]! : null;
    const nome = p
      ? `${p.nome} ${p.sobrenome}`
      : `${PRENOMES_JOVENS[(i * 5) % PRENOMES_JOVENS.length]} ${SOBRENOMES[i % SOBRENOMES.length]}`;
    const criado = dia(-40 + Math.floor(i / 8));
    return {
      i,
      k,
      p,
      status,
      lote,
      criado,
      linha: {
        eventoId,
        loteId: lote?.id ?? null,
        pessoaId: p?.id ?? null,
        nome,
        cpf: p?.cpf ?? null,
        email: `inscrito${i}@jovens.example.org`,
        telefone: `(51) 9${String(80_000_000 + i * 131).slice(0, 4)}-${String(1000 + i).slice(-4)}`,
        dataNascimento: `${2000 + (i % 9)}-${String((i % 12) + 1).padStart(2, '0')}-15`,
        dados: {
          camiseta: ['P', 'M', 'G', 'GG', 'M', 'PP'][i % 6],
          transporte: i % 3 === 0 ? 'Ônibus da paróquia' : null,
          restricaoAlimentar: i % 11 === 0 ? 'Vegetariana' : null,
          respostas: {},
        },
        status,
        formaPagamento: status === 'CORTESIA' ? null : (['PIX', 'PIX', 'BOLETO', 'CARTAO'] as const)[i % 4],
        valor: status === 'CORTESIA' || !lote ? '0.00' : lote.valor,
        motivoCortesia: status === 'CORTESIA' ? 'Equipe de louvor do congresso' : null,
        vencimento: status === 'PENDENTE' ? dia(2) : status === 'EXPIRADA' ? dia(-5) : null,
        token: sha256(`demo-inscricao-${i}`).slice(0, 32),
        codigo: `${sha256(`demo-codigo-${i}`).slice(0, 4)}-${sha256(`demo-codigo-${i}`).slice(4, 8)}`.toUpperCase(),
        criadoEm: new Date(`${criado}T10:00:00-03:00`),
      },
    };
  });
  const contas = await db
    .insert(schema.contaAReceber)
    .values(
      linhas
        .filter((l) => l.p)
        .map((l) => {
          const venc = l.status === 'PENDENTE' ? dia(2) : diasAntes(l.criado, -3);
          return {
            organizacaoId: sinodoId,
            pessoaId: l.p!.id,
            tipo: 'EVENTO',
            mesCompetencia: Number(venc.slice(5, 7)),
            anoCompetencia: Number(venc.slice(0, 4)),
            vencimento: venc,
            valorPrevisto: l.lote!.valor,
            formaPagamento: l.linha.formaPagamento,
            descricao: `Congrenaje — ${l.linha.nome}`,
            ...(l.status === 'CONFIRMADA'
              ? {
                  status: 'PAGO',
                  valorPago: l.lote!.valor,
                  dataPagamento: diasAntes(l.criado, -1),
                  dataCredito: diasAntes(l.criado, -2),
                }
              : { status: 'ABERTO' }),
          };
        }),
    )
    .returning({ id: schema.contaAReceber.id });
  let c = 0;
  const inscricoes = await db
    .insert(schema.inscricaoEvento)
    .values(linhas.map((l) => ({ ...l.linha, contaAReceberId: l.p ? contas[c++]!.id : null })))
    .returning({ id: schema.inscricaoEvento.id });
  await db.insert(schema.inscricaoOficina).values(
    linhas.flatMap((l, n) => {
      const id = inscricoes[n]!.id;
      if (l.status === 'LISTA_ESPERA') return [{ inscricaoId: id, oficinaId: oficinas[0]!.id }];
      if (!l.lote) return [];
      return [
        { inscricaoId: id, oficinaId: oficinas[manha(l.k)]!.id },
        { inscricaoId: id, oficinaId: oficinas[tarde(l.k)]!.id },
      ];
    }),
  );
}

const PRENOMES_JOVENS = [
  'Lucas',
  'Júlia',
  'Mateus',
  'Larissa',
  'Gabriel',
  'Camila',
  'Pedro',
  'Bianca',
  'Rafael',
  'Letícia',
  'Vinícius',
  'Amanda',
];
const SOBRENOMES_JOVENS = ['da Silva', 'Ramos', 'Pereira', 'Lima', 'Santos', 'Oliveira', 'Costa'];
