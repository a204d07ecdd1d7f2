import { atendimentoDetalhe, contaAReceber, culto, paged, pessoaResumo } from '@sig/contracts';
import { describe, expect, it } from 'vitest';
import { usarAppTeste } from '../test/app-teste.js';
import {
  criarAtendimento,
  criarCobranca,
  criarContaAReceber,
  criarCulto,
  criarOrganizacao,
  criarPerfil,
  criarSessao,
  criarUsuario,
  organizacaoDoUsuario,
  organizacaoPorNome,
  parse,
  perfilPorNome,
  usuarioPorEmail,
} from '../test/fabricas.js';

/** The test factories (test/fabricas.ts) write rows the API reads back as its contracts say. */
const t = usarAppTeste();

describe('test factories', () => {
  it('give a user with a session and the rows they reach, each valid by its contract', async () => {
    const db = t.banco.db;
    const paroquia = await criarOrganizacao(db, {
      organizacaoPaiId: await organizacaoPorNome(db, 'Sínodo Rio dos Sinos'),
    });
    const perfil = await criarPerfil(db, {
      permissoes: ['Pessoa', 'Culto', 'ContaAReceber', 'AtendimentoMeusAtendimentos'].map((acesso) => ({ acesso })),
    });
    const { usuario, pessoa, token } = await criarUsuario(db, { organizacaoId: paroquia, perfilId: perfil.id });
    const ler = async (url: string) => {
      const r = await t.req({ method: 'GET', url, token });
      expect(r.statusCode, r.body).toBe(200);
      return r;
    };
    expect((await ler(`/api/pessoa/${pessoa.id}`)).json()).toMatchObject({ id: pessoa.id });
    const c = await criarCulto(db, { organizacaoId: paroquia });
    expect(parse(culto, await ler(`/api/culto/${c.id}`))).toMatchObject({ id: c.id, presentes: 30, ofertas: '120.50' });
    const conta = await criarContaAReceber(db, { organizacaoId: paroquia, pessoaId: pessoa.id });
    await criarCobranca(db, { contaAReceberId: conta.id });
    expect(parse(contaAReceber, await ler(`/api/conta-a-receber/${conta.id}`))).toMatchObject({
      id: conta.id,
      valorPrevisto: '40.00',
    });
    const a = await criarAtendimento(db, {
      solicitanteUsuarioId: usuario.id,
      organizacaoOrigemId: paroquia,
      organizacaoDestinoId: paroquia,
    });
    expect(parse(atendimentoDetalhe, await ler(`/api/atendimento-meus-atendimentos/${a.id}`))).toMatchObject({
      id: a.id,
      status: 'ABERTO',
    });
  });

  it('open a session for a seed user at a link of theirs without signing in', async () => {
    const db = t.banco.db;
    const token = await criarSessao(db, await usuarioPorEmail(db, 'paroquia@sig.local'), {
      organizacaoId: await organizacaoDoUsuario(db, 'paroquia@sig.local'),
      perfilId: await perfilPorNome(db, 'Secretaria Paroquial'),
    });
    const r = await t.req({ method: 'GET', url: '/api/pessoa/paginado?quantidade=1', token });
    expect(parse(paged(pessoaResumo), r).itens).toHaveLength(1);
  });
});
