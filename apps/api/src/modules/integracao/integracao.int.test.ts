import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome, outroSinodo } from '../../../test/fabricas.js';

/** Integration and withdrawal: the latest record decides whether the person is a member. */
const t = usarAppTeste();
let admin: string;
let sinodo: string;
let tesouraria: string;
let orgParoquia: number;
let orgOutroSinodo: number;

const post = (payload: object, token = sinodo) =>
  t.req({ method: 'POST', url: '/api/pessoa-integracao-desligamento', token, payload });

async function pessoa(nome: string, organizacaoId = orgParoquia, token = sinodo): Promise<number> {
  return (await t.criar('/api/pessoa', { nome, sobrenome: 'Integrada', organizacaoId, titular: true }, token)).id;
}

/** A person of the parish with a user of her own, who signs in with `senha`. */
async function pessoaComUsuario(nome: string, email: string, senha: string): Promise<number> {
  const usuario = { email, senha, confirmacaoSenha: senha, trocarSenha: false };
  return (await t.criar('/api/pessoa', { nome, sobrenome: 'Usuaria', organizacaoId: orgParoquia, usuario }, admin)).id;
}

beforeAll(async () => {
  [admin, sinodo, tesouraria] = await t.logins('admin', 'sinodo', 'tesouraria');
  orgParoquia = await organizacaoPorNome(t.banco.db, 'Paróquia da Reconciliação - Canguçu');
  orgOutroSinodo = await outroSinodo(t.banco.db);
});

describe('integration and withdrawal', () => {
  it('a withdrawal detaches the person from the members; a later integration brings them back', async () => {
    const id = await pessoa('Frida');
    const semMotivo = await post({ pessoaId: id, tipo: 'DESLIGAMENTO', data: '2026-01-10', forma: 'TRANSFERENCIA' });
    expect(semMotivo.statusCode).toBe(400);
    expect(semMotivo.json().campos[0].campo).toBe('motivo');

    const saida = await post({
      pessoaId: id,
      tipo: 'DESLIGAMENTO',
      data: '2026-01-10',
      forma: 'TRANSFERENCIA',
      outraOrganizacao: 'Paróquia de Joinville',
      motivo: 'Mudou-se para Joinville',
    });
    expect(saida.statusCode, saida.body).toBe(201);
    expect(saida.json()).toMatchObject({
      tipo: 'DESLIGAMENTO',
      pessoaNome: 'Frida Integrada',
      organizacaoId: orgParoquia,
    });
    const lida = (await t.req({ method: 'GET', url: `/api/pessoa/${id}`, token: sinodo })).json();
    expect(lida).toMatchObject({ status: 'DESLIGADO', titular: false, motivoStatus: 'Mudou-se para Joinville' });
    const ativos = await t.req({ method: 'GET', url: '/api/pessoa/paginado?nome=frida&status=ATIVO', token: sinodo });
    expect(ativos.json().total).toBe(0);
    const historico = (await t.req({ method: 'GET', url: `/api/pessoa/${id}/historico`, token: sinodo })).json();
    expect(historico[0]).toMatchObject({ campo: 'status', valorAnterior: 'ATIVO', valorNovo: 'DESLIGADO' });

    const volta = await post({ pessoaId: id, tipo: 'INTEGRACAO', data: '2026-06-01', forma: 'READMISSAO' });
    expect(volta.statusCode).toBe(201);
    expect((await t.req({ method: 'GET', url: `/api/pessoa/${id}`, token: sinodo })).json().status).toBe('ATIVO');
    const lista = await t.req({
      method: 'GET',
      url: `/api/pessoa-integracao-desligamento?pessoaId=${id}`,
      token: sinodo,
    });
    expect(lista.json().map((r: { tipo: string }) => r.tipo)).toEqual(['INTEGRACAO', 'DESLIGAMENTO']);

    // Correcting the withdrawal's date to after the return makes it the latest again.
    const corrigida = await t.req({
      method: 'PUT',
      url: `/api/pessoa-integracao-desligamento/${saida.json().id}`,
      token: sinodo,
      payload: {
        pessoaId: id,
        tipo: 'DESLIGAMENTO',
        data: '2026-07-01',
        forma: 'A_PEDIDO',
        motivo: 'A pedido da pessoa',
      },
    });
    expect(corrigida.statusCode, corrigida.body).toBe(200);
    expect((await t.req({ method: 'GET', url: `/api/pessoa/${id}`, token: sinodo })).json().status).toBe('DESLIGADO');
  });

  it('refuses a form of the other kind and a future date, naming the fields', async () => {
    const id = await pessoa('Gisela');
    const r = await post({ pessoaId: id, tipo: 'INTEGRACAO', data: '2999-01-01', forma: 'FALECIMENTO' });
    expect(r.statusCode).toBe(400);
    expect(
      r
        .json()
        .campos.map((c: { campo: string }) => c.campo)
        .sort(),
    ).toEqual(['data', 'forma']);
  });

  it('needs the screen (403) and a person of the scope (400 on the field, 404 on a record)', async () => {
    const id = await pessoa('Hanna');
    expect(
      (await post({ pessoaId: id, tipo: 'INTEGRACAO', data: '2026-01-01', forma: 'BATISMO' }, tesouraria)).statusCode,
    ).toBe(403);
    const longe = await pessoa('Ilse', orgOutroSinodo, admin);
    const fora = await post({ pessoaId: longe, tipo: 'INTEGRACAO', data: '2026-01-01', forma: 'BATISMO' });
    expect(fora.statusCode).toBe(400);
    expect(fora.json().campos[0].campo).toBe('pessoaId');
    const registro = await post({ pessoaId: longe, tipo: 'INTEGRACAO', data: '2026-01-01', forma: 'BATISMO' }, admin);
    expect(
      (await t.req({ method: 'GET', url: `/api/pessoa-integracao-desligamento/${registro.json().id}`, token: sinodo }))
        .statusCode,
    ).toBe(404);
  });

  it("a withdrawal ends the user's access there in the same write: links removed, open sessions refused", async () => {
    const id = await pessoaComUsuario('Klara', 'klara@exemplo.org', 'Klara@2026x');
    const [u] = await t.banco.db
      .select({ id: schema.usuario.id })
      .from(schema.usuario)
      .where(eq(schema.usuario.pessoaId, id));
    // She also serves another synod: that link is not the parish's to end.
    const outro = await t.req({
      method: 'POST',
      url: `/api/organizacao/${orgOutroSinodo}/usuarios`,
      token: admin,
      payload: { usuarioId: u!.id, perfilId: (await perfilMembro()).id },
    });
    expect(outro.statusCode, outro.body).toBe(201);
    const token = await t.login('klara@exemplo.org', 'Klara@2026x');
    const autorizacao = () => t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token });
    expect((await autorizacao()).json().organizacaoId).toBe(orgParoquia);

    const saida = await post({
      pessoaId: id,
      tipo: 'DESLIGAMENTO',
      data: '2026-01-10',
      forma: 'A_PEDIDO',
      motivo: 'A pedido da pessoa',
    });
    expect(saida.statusCode, saida.body).toBe(201);

    const depois = await autorizacao();
    expect(depois.statusCode).toBe(401);
    expect(depois.json().codigo).toBe('TOKEN_INVALIDO');
    const vinculos = await t.banco.db
      .select({ organizacaoId: schema.usuarioOrganizacao.organizacaoId })
      .from(schema.usuarioOrganizacao)
      .where(eq(schema.usuarioOrganizacao.usuarioId, u!.id));
    expect(vinculos).toEqual([{ organizacaoId: orgOutroSinodo }]);
    // Signing in again reaches only what is left.
    const denovo = await t.login('klara@exemplo.org', 'Klara@2026x');
    const ali = await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: denovo });
    expect(ali.json().organizacaoId).toBe(orgOutroSinodo);
    const volta = await t.req({
      method: 'PUT',
      url: `/api/Autenticacao/trocar-organizacao?organizacaoId=${orgParoquia}`,
      token: denovo,
    });
    expect(volta.statusCode).toBeGreaterThanOrEqual(400);
    expect(volta.statusCode).toBeLessThan(500);
  });

  it('a withdrawal that fails leaves the access as it was (one transaction)', async () => {
    const id = await pessoaComUsuario('Lotte', 'lotte@exemplo.org', 'Lotte@2026x');
    const token = await t.login('lotte@exemplo.org', 'Lotte@2026x');
    // The last row the withdrawal writes (the organization's history of the removed link) is refused by the
    // database, after the links and sessions were changed: the whole withdrawal must roll back.
    await t.banco.db.execute(sql`create function sem_historico() returns trigger language plpgsql as $$
      begin if new.entidade = 'organizacao' and new.campo like 'usuarios.%' then raise exception 'falha simulada'; end if; return new; end $$`);
    await t.banco.db.execute(
      sql`create trigger sem_historico before insert on historico_alteracao for each row execute function sem_historico()`,
    );
    try {
      const saida = await post({
        pessoaId: id,
        tipo: 'DESLIGAMENTO',
        data: '2026-01-10',
        forma: 'A_PEDIDO',
        motivo: 'Teste de falha',
      });
      expect(saida.statusCode).toBe(500);
    } finally {
      await t.banco.db.execute(sql`drop trigger sem_historico on historico_alteracao`);
      await t.banco.db.execute(sql`drop function sem_historico()`);
    }
    expect((await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token })).statusCode).toBe(200);
    const lida = (await t.req({ method: 'GET', url: `/api/pessoa/${id}`, token: sinodo })).json();
    expect(lida.status).not.toBe('DESLIGADO');
  });

  it("is refused to whoever could not have given the user's rights there (the grant rule)", async () => {
    const paroquia = await t.login('paroquia@sig.local');
    const [tesoureira] = await t.banco.db
      .select({ id: schema.usuario.id, pessoaId: schema.usuario.pessoaId })
      .from(schema.usuario)
      .where(eq(schema.usuario.email, 'tesouraria@sig.local'));
    const r = await post(
      {
        pessoaId: tesoureira!.pessoaId,
        tipo: 'DESLIGAMENTO',
        data: '2026-01-10',
        forma: 'A_PEDIDO',
        motivo: 'Tentativa',
      },
      paroquia,
    );
    expect(r.statusCode).toBe(403);
    expect(r.json().codigo).toBe('PERMISSAO_ACIMA_DA_PROPRIA');
    expect((await t.req({ method: 'PUT', url: '/api/Autenticacao/autorizacao', token: tesouraria })).statusCode).toBe(
      200,
    );
    const lida = (await t.req({ method: 'GET', url: `/api/pessoa/${tesoureira!.pessoaId}`, token: sinodo })).json();
    expect(lida.status).not.toBe('DESLIGADO');
  });
});

async function perfilMembro() {
  const [p] = await t.banco.db
    .select({ id: schema.perfil.id })
    .from(schema.perfil)
    .where(eq(schema.perfil.padraoCadastro, true))
    .limit(1);
  return p!;
}
