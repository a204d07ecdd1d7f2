import { resumoInicio, selectResposta } from '@sig/contracts';
import { schema } from '@sig/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import {
  criarContaAReceber,
  criarCulto,
  criarOrganizacao,
  criarPerfil,
  criarPessoa,
  criarUsuario,
  parse,
} from '../../../test/fabricas.js';
import { mesAtual } from './inicio.service.js';

const t = usarAppTeste();
let paiId: number;
let filhoId: number;
let foraId: number;
let tudo: string;
let soInicio: string;

const get = (url: string, token = tudo) => t.req({ method: 'GET', url, token });
const total = async (url: string) => {
  const r = await get(url);
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

beforeAll(async () => {
  const db = t.banco.db;
  paiId = await criarOrganizacao(db);
  filhoId = await criarOrganizacao(db, { organizacaoPaiId: paiId });
  foraId = await criarOrganizacao(db);
  const telas = ['Dashboard', 'DashboardFilho', 'Pessoa', 'Culto', 'ContaAReceber', 'MuralAvisos'];
  const perfil = await criarPerfil(db, { permissoes: telas.map((acesso) => ({ acesso })) });
  tudo = (await criarUsuario(db, { organizacaoId: paiId, perfilId: perfil.id })).token;
  const minimo = await criarPerfil(db, { permissoes: [{ acesso: 'Dashboard' }] });
  soInicio = (await criarUsuario(db, { organizacaoId: paiId, perfilId: minimo.id })).token;

  const mes = mesAtual();
  const pessoa = await criarPessoa(db, { organizacaoId: filhoId });
  await criarPessoa(db, { organizacaoId: filhoId });
  await criarCulto(db, { organizacaoId: filhoId, data: mes.de, ofertas: '120.50' });
  await criarCulto(db, { organizacaoId: paiId, data: mes.ate, ofertas: '10.00' });
  // Last month's service is not this month's offering.
  await criarCulto(db, { organizacaoId: paiId, data: '2000-01-02', ofertas: '99.00' });
  const conta = (status: string, valorPrevisto: string, extra = {}) =>
    criarContaAReceber(db, {
      organizacaoId: filhoId,
      pessoaId: pessoa.id,
      vencimento: mes.de,
      status,
      valorPrevisto,
      ...extra,
    });
  await conta('ABERTO', '40.00');
  await conta('ABERTO', '15.00');
  await conta('VENCIDO', '30.00');
  await conta('PAGO', '50.00', { valorPago: '50.00', dataPagamento: mes.de });
  await criarContaAReceber(db, { organizacaoId: paiId, vencimento: mes.ate, status: 'ABERTO', valorPrevisto: '5.00' });
  await db.insert(schema.aviso).values({ organizacaoId: paiId, nome: 'Assembleia', mensagem: 'Domingo.', ativo: true });
});

describe('GET /api/inicio/resumo', () => {
  it('answers the figures the lists behind them total, in the user scope', async () => {
    const r = parse(resumoInicio, await get('/api/inicio/resumo'));
    const { de, ate } = mesAtual();
    expect(r).toMatchObject({ organizacaoId: paiId, mesDe: de, mesAte: ate });
    expect(r.pessoas?.total).toBe((await total('/api/pessoa/paginado')).total);
    expect(r.pessoas?.total).toBe(4); // two made here, and the two users' persons
    const cultos = await total(`/api/culto/paginado?periodoDe=${de}&periodoAte=${ate}`);
    expect(r.ofertasMes).toEqual({ cultos: cultos.total, valor: cultos.totais.ofertas });
    expect(r.ofertasMes).toEqual({ cultos: 2, valor: '130.50' });
    const contas = (status: string) =>
      total(`/api/conta-a-receber/paginado?status=${status}&vencimentoDe=${de}&vencimentoAte=${ate}`);
    const aberto = await contas('ABERTO');
    expect(r.receberMes?.abertas).toEqual({ quantidade: aberto.total, valor: aberto.totais.valorPrevisto });
    expect(r.receberMes).toEqual({
      abertas: { quantidade: 3, valor: '60.00' },
      vencidas: { quantidade: 1, valor: '30.00' },
      pagas: { quantidade: 1, valor: '50.00' },
    });
    expect(r.avisos).toBe(1);
    // No grant on the ticket queues nor on the financial exceptions: those parts are absent.
    expect(r).not.toHaveProperty('atendimentosCaixaEntrada');
    expect(r).not.toHaveProperty('pendencias');
  });

  it('leaves out every part whose list the profile does not grant', async () => {
    const r = parse(resumoInicio, await get('/api/inicio/resumo', soInicio));
    expect(Object.keys(r).sort()).toEqual(['mesAte', 'mesDe', 'organizacaoId', 'organizacaoNome']);
  });

  it('counts the open tickets of the queues the seed users work', async () => {
    const [atendimento] = await t.logins('atendimento');
    const r = parse(resumoInicio, await get('/api/inicio/resumo', atendimento));
    const fila = await t.req({
      method: 'GET',
      url: '/api/atendimento-triagem/paginado?status=ABERTO',
      token: atendimento,
    });
    expect(r.atendimentosTriagem).toBe(fila.json().total);
  });

  it('is refused without a session', async () => {
    expect((await t.req({ method: 'GET', url: '/api/inicio/resumo' })).statusCode).toBe(401);
  });
});

describe('GET /api/inicio/resumo-filho', () => {
  it('answers a child organization figures, filtered as its lists are', async () => {
    const r = parse(resumoInicio, await get(`/api/inicio/resumo-filho?organizacaoId=${filhoId}`));
    expect(r.organizacaoId).toBe(filhoId);
    expect(r.pessoas?.total).toBe((await total(`/api/pessoa/paginado?organizacaoId=${filhoId}`)).total);
    expect(r.ofertasMes).toEqual({ cultos: 1, valor: '120.50' });
    expect(r.receberMes?.abertas).toEqual({ quantidade: 2, valor: '55.00' });
    // The notice board is the organization acted for: not a child's.
    expect(r).not.toHaveProperty('avisos');
  });

  it('refuses an organization outside the scope as not found; the own one is the home', async () => {
    expect((await get(`/api/inicio/resumo-filho?organizacaoId=${foraId}`)).statusCode).toBe(404);
    expect((await get(`/api/inicio/resumo-filho?organizacaoId=${paiId}`)).statusCode).toBe(200);
  });

  it('refuses a profile without the child dashboard (403) and a bad id (400)', async () => {
    expect((await get(`/api/inicio/resumo-filho?organizacaoId=${filhoId}`, soInicio)).statusCode).toBe(403);
    const r = await get('/api/inicio/resumo-filho?organizacaoId=abc');
    expect(r.statusCode).toBe(400);
    expect(r.json().erros?.[0]?.campo ?? r.json().mensagem).toBeTruthy();
  });
});

describe('GET /api/inicio/filhos', () => {
  it('offers the organizations below the user one, and no other', async () => {
    const ops = parse(selectResposta, await get('/api/inicio/filhos'));
    expect(ops.map((o) => o.value)).toEqual([filhoId]);
    expect(parse(selectResposta, await get('/api/inicio/filhos?busca=zzz-nada'))).toEqual([]);
    expect((await get('/api/inicio/filhos', soInicio)).statusCode).toBe(403);
  });
});
