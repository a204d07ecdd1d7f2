import { schema } from '@sig/db';
import { and, eq, isNull, like, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
let orgParoquia: number;
let orgOutroSinodo: number;
let profissao: number;
let cargo: number;

const get = (url: string, token = sinodo) => t.req({ method: 'GET', url, token });
const post = (payload: object, token = sinodo, url = '/api/pessoa') => t.req({ method: 'POST', url, token, payload });
const put = (id: number, payload: object, token = sinodo, url = '/api/pessoa') =>
  t.req({ method: 'PUT', url: `${url}/${id}`, token, payload });

const orgPorNome = (nome: string) => organizacaoPorNome(t.banco.db, nome);

const pessoaBase = (extra: Record<string, unknown> = {}) => ({
  nome: 'Marta',
  sobrenome: 'Lange',
  organizacaoId: orgParoquia,
  status: 'ATIVO',
  ...extra,
});

const campos = (r: { json: () => { campos?: { campo: string }[] } }) => (r.json().campos ?? []).map((c) => c.campo);

beforeAll(async () => {
  [admin, sinodo, paroquia] = await t.logins('admin', 'sinodo', 'paroquia');
  orgParoquia = await orgPorNome('Paróquia da Reconciliação - Canguçu');
  const sinodoRs = await orgPorNome('Sínodo Rio dos Sinos');
  const [outro] = await t.banco.db
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(and(like(schema.organizacao.nomeFantasia, 'Sínodo%'), ne(schema.organizacao.id, sinodoRs)))
    .limit(1);
  orgOutroSinodo = outro!.id;
  profissao = (await t.banco.db.select({ id: schema.profissao.id }).from(schema.profissao).limit(1))[0]!.id;
  [{ id: cargo }] = await t.banco.db
    .insert(schema.cargo)
    .values({ nome: 'Presbítero' })
    .returning({ id: schema.cargo.id });
});

describe('the other tabs of the person', () => {
  it('are saved with the record, read back, changed and removed', async () => {
    const conjuge = (await post(pessoaBase({ nome: 'Paulo' }))).json();
    const criada = await post(
      pessoaBase({
        casamentos: [
          { conjugeId: conjuge.id, dataCasamentoCivil: '2001-05-12', regimeBens: 'COMUNHAO_PARCIAL' },
          {
            nomeConjuge: 'Carlos Antigo',
            dataCasamentoReligioso: '1990-01-20',
            dataTermino: '1995-03-01',
            motivoTermino: 'DIVORCIO',
          },
        ],
        historicoProfissional: [{ empresa: 'Cooperativa Sul', profissaoId: profissao, dataInicio: '2000-01-01' }],
        formacoes: [{ nivelFormacao: 'GRADUACAO', curso: 'Pedagogia', instituicao: 'UFPel', concluido: true }],
        atividadesIgreja: [{ organizacaoId: orgParoquia, cargoId: cargo, dataInicio: '2010-02-01' }],
        habilidades: [{ descricao: 'Violão', nivelConhecimento: 'AVANCADO' }],
        idiomas: [{ idioma: 'Alemão', nivelConhecimento: 'FLUENTE', le: true, fala: true }],
        qualificacoes: [{ descricao: 'Primeiros socorros', data: '2019-04-01', validoAte: '2029-04-01' }],
        certidoesMinisteriais: [{ tipoCertidao: 'Certidão de ordenação', dataEmissao: '2015-08-01' }],
        atividadesMinisteriais: [{ organizacaoId: orgParoquia, funcao: 'Catequista', dataInicio: '2016-01-01' }],
      }),
    );
    expect(criada.statusCode, criada.body).toBe(201);
    const p = criada.json();
    expect(p.casamentos).toHaveLength(2);
    expect(p.casamentos[0]).toMatchObject({ conjugeId: conjuge.id, dataCasamentoCivil: '2001-05-12' });
    expect(p.historicoProfissional[0]).toMatchObject({ empresa: 'Cooperativa Sul', profissaoId: profissao });
    expect(p.formacoes[0]).toMatchObject({ nivelFormacao: 'GRADUACAO', concluido: true });
    expect(p.atividadesIgreja[0]).toMatchObject({ cargoId: cargo, dataFim: null });
    expect(p.idiomas[0]).toMatchObject({ idioma: 'Alemão', le: true, escreve: false, fala: true });
    expect(p.certidoesMinisteriais[0].tipoCertidao).toBe('Certidão de ordenação');
    expect(p.atividadesMinisteriais[0].funcao).toBe('Catequista');

    const lida = (await get(`/api/pessoa/${p.id}`)).json();
    expect(lida.qualificacoes[0]).toMatchObject({ descricao: 'Primeiros socorros', validoAte: '2029-04-01' });
    const mudada = await put(
      p.id,
      pessoaBase({
        casamentos: [lida.casamentos[0]],
        habilidades: [{ ...lida.habilidades[0], nivelConhecimento: 'BASICO' }, { descricao: 'Canto' }],
        idiomas: [],
      }),
    );
    expect(mudada.statusCode, mudada.body).toBe(200);
    const depois = mudada.json();
    expect(depois.casamentos).toHaveLength(1);
    expect(depois.habilidades.map((h: { descricao: string }) => h.descricao)).toEqual(['Violão', 'Canto']);
    expect(depois.habilidades[0]).toMatchObject({ id: lida.habilidades[0].id, nivelConhecimento: 'BASICO' });
    expect(depois.idiomas).toEqual([]);
    const [removido] = await t.banco.db
      .select({ excluidoEm: schema.pessoaIdioma.excluidoEm })
      .from(schema.pessoaIdioma)
      .where(eq(schema.pessoaIdioma.pessoaId, p.id));
    expect(removido!.excluidoEm).not.toBeNull();
  });

  it('refuse an end before the start, a future start, a marriage without spouse and a repeated language', async () => {
    const r = await post(
      pessoaBase({
        historicoProfissional: [{ empresa: 'X', dataInicio: '2010-01-01', dataFim: '2009-12-31' }],
        atividadesIgreja: [{ organizacaoId: orgParoquia, dataInicio: '2999-01-01' }],
        casamentos: [{ dataCasamentoCivil: '2000-01-01' }],
        idiomas: [{ idioma: 'Inglês' }, { idioma: 'inglês' }],
      }),
      sinodo,
    );
    expect(r.statusCode).toBe(400);
    expect(campos(r)).toEqual(
      expect.arrayContaining([
        'historicoProfissional.0.dataFim',
        'atividadesIgreja.0.dataInicio',
        'casamentos.0.nomeConjuge',
        'idiomas.1.idioma',
      ]),
    );
    const en = await t.req({
      method: 'POST',
      url: '/api/pessoa',
      token: sinodo,
      idioma: 'en',
      payload: pessoaBase({
        formacoes: [{ nivelFormacao: 'GRADUACAO', curso: 'A', dataInicio: '2010-01-01', dataConclusao: '2000-01-01' }],
      }),
    });
    expect(en.json().campos[0]).toMatchObject({ campo: 'formacoes.0.dataConclusao' });
    expect(en.json().campos[0].mensagem).toMatch(/end date|before/i);
  });

  it('a spouse must be someone else the user can see', async () => {
    const fora = (await post(pessoaBase({ nome: 'Distante', organizacaoId: orgOutroSinodo }), admin)).json();
    const r = await post(pessoaBase({ casamentos: [{ conjugeId: fora.id }] }));
    expect(r.statusCode).toBe(400);
    expect(campos(r)).toEqual(['casamentos.0.conjugeId']);
  });

  it('a pre-registration must have its general data complete', async () => {
    const r = await post(pessoaBase({ preCadastro: true }));
    expect(r.statusCode).toBe(400);
    expect(campos(r).sort()).toEqual(['dataNascimento', 'sexo', 'tipoPessoaId']);
    expect(r.json().campos[0].mensagem).toMatch(/pré-cadastrada/);
    const ok = await post(pessoaBase({ preCadastro: true, sexo: 'F', dataNascimento: '1990-01-01', tipoPessoaId: 1 }));
    expect(ok.statusCode, ok.body).toBe(201);
  });
});

describe("the person's user account", () => {
  it('is created from the form with the members profile, signs in, and shows without its password', async () => {
    const semSenha = await post(pessoaBase({ usuario: { email: 'marta.lange@exemplo.org' } }));
    expect(semSenha.statusCode).toBe(400);
    expect(campos(semSenha)).toEqual(['usuario.senha']);
    const diferente = await post(
      pessoaBase({ usuario: { email: 'marta.lange@exemplo.org', senha: 'Segredo123', confirmacaoSenha: 'Outro123' } }),
    );
    expect(campos(diferente)).toEqual(['usuario.confirmacaoSenha']);
    const duplicado = await post(
      pessoaBase({ usuario: { email: 'PAROQUIA@sig.local', senha: 'Segredo123', confirmacaoSenha: 'Segredo123' } }),
    );
    expect(duplicado.statusCode).toBe(409);
    expect(campos(duplicado)).toEqual(['usuario.email']);

    const r = await post(
      pessoaBase({
        nome: 'Conta',
        usuario: {
          email: 'marta.lange@exemplo.org',
          senha: 'Segredo123',
          confirmacaoSenha: 'Segredo123',
          trocarSenha: false,
        },
      }),
    );
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json().usuario).toMatchObject({ email: 'marta.lange@exemplo.org', trocarSenha: false, ativo: true });
    expect(JSON.stringify(r.json())).not.toContain('Segredo123');
    const [vinculo] = await t.banco.db
      .select({ organizacaoId: schema.usuarioOrganizacao.organizacaoId, perfil: schema.perfil.nome })
      .from(schema.usuarioOrganizacao)
      .innerJoin(schema.usuario, eq(schema.usuario.id, schema.usuarioOrganizacao.usuarioId))
      .innerJoin(schema.perfil, eq(schema.perfil.id, schema.usuarioOrganizacao.perfilId))
      .where(eq(schema.usuario.pessoaId, r.json().id));
    expect(vinculo).toEqual({ organizacaoId: orgParoquia, perfil: 'Membro' });
    const sessao = await t.login('marta.lange@exemplo.org', 'Segredo123');

    // A new password ends the account's sessions and is the one that signs in.
    const nova = await put(
      r.json().id,
      pessoaBase({
        nome: 'Conta',
        usuario: {
          email: 'marta.lange@exemplo.org',
          senha: 'Novinha456',
          confirmacaoSenha: 'Novinha456',
          trocarSenha: true,
        },
      }),
      paroquia,
    );
    expect(nova.statusCode, nova.body).toBe(200);
    expect(nova.json().usuario.trocarSenha).toBe(true);
    expect((await t.req({ method: 'GET', url: '/api/Autenticacao/autorizacao', token: sessao })).statusCode).not.toBe(
      200,
    );
    await expect(t.login('marta.lange@exemplo.org', 'Novinha456')).resolves.toBeTruthy();
    // Left out, the account is left alone.
    expect((await put(r.json().id, pessoaBase({ nome: 'Conta' }), paroquia)).json().usuario.email).toBe(
      'marta.lange@exemplo.org',
    );
  });

  it("cannot take over a staff member's or one's own account", async () => {
    const [tes] = await t.banco.db
      .select({ pessoaId: schema.usuario.pessoaId })
      .from(schema.usuario)
      .where(eq(schema.usuario.email, 'tesouraria@sig.local'));
    const tesoureira = (await get(`/api/pessoa/${tes!.pessoaId}`, paroquia)).json();
    expect(tesoureira.usuario.email).toBe('tesouraria@sig.local');
    const { id: _i, atualizadoEm: _a, organizacaoNome: _o, ...corpo } = tesoureira;
    const tomada = await put(
      tes!.pessoaId,
      { ...corpo, usuario: { email: 'tesouraria@sig.local', senha: 'Tomada123', confirmacaoSenha: 'Tomada123' } },
      paroquia,
    );
    expect(tomada.statusCode).toBe(403);
    expect(tomada.json().codigo).toBe('CONTA_PROTEGIDA');
    await expect(t.login('tesouraria@sig.local')).resolves.toBeTruthy();

    const [eu] = await t.banco.db
      .select({ pessoaId: schema.usuario.pessoaId })
      .from(schema.usuario)
      .where(eq(schema.usuario.email, 'paroquia@sig.local'));
    const minha = (await get(`/api/pessoa/${eu!.pessoaId}`, paroquia)).json();
    const { id: _j, atualizadoEm: _b, organizacaoNome: _p, ...meu } = minha;
    const propria = await put(eu!.pessoaId, { ...meu, usuario: { ...minha.usuario, ativo: false } }, paroquia);
    expect(propria.json().codigo).toBe('CONTA_PROPRIA');
    // Unchanged, it is no change at all: saving one's own record still works.
    const igual = await put(eu!.pessoaId, { ...meu, usuario: minha.usuario }, paroquia);
    expect(igual.statusCode, igual.body).toBe(200);
  });

  it('a profile denied the account field neither sees nor sets it', async () => {
    const desfazer = await t.regrasCampo('Secretaria Paroquial', [
      { acesso: 'Pessoa', campo: 'usuario', visualizar: false, atualizar: false },
    ]);
    const sessao = await t.login('paroquia@sig.local');
    const p = (await post(pessoaBase({ nome: 'Oculta' }), sessao)).json();
    expect(p).not.toHaveProperty('usuario');
    const r = await put(
      p.id,
      pessoaBase({
        nome: 'Oculta',
        usuario: { email: 'oculta@exemplo.org', senha: 'Segredo123', confirmacaoSenha: 'Segredo123' },
      }),
      sessao,
    );
    expect(r.statusCode).toBe(403);
    const [conta] = await t.banco.db.select().from(schema.usuario).where(eq(schema.usuario.pessoaId, p.id));
    expect(conta).toBeUndefined();
    await desfazer();
  });
});

describe('/api/pessoa-ministro', () => {
  const url = '/api/pessoa-ministro';
  let outraPessoa = 0;
  beforeAll(async () => {
    outraPessoa = (await post(pessoaBase({ nome: 'Qualquer' }))).json().id;
  });
  const ministro = (pessoaId: number, extra: Record<string, unknown> = {}) => ({
    pessoaId,
    tipoMinisterio: 'PASTORAL',
    dataOrdenacao: '2012-03-04',
    exames: [{ descricao: 'Exame de ordenação', data: '2011-11-20', resultado: 'APROVADO' }],
    termos: [{ organizacaoId: orgParoquia, tipoTermo: 'NOMEACAO', dataInicio: '2012-04-01' }],
    ...extra,
  });

  it('creates the record with exams and terms, reads it by person and by id, updates it, refuses a second one', async () => {
    const p = (await post(pessoaBase({ nome: 'Pastor' }))).json();
    expect((await get(`${url}?pessoaId=${p.id}`)).json()).toBeNull();
    const r = await post(ministro(p.id), sinodo, url);
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      pessoaId: p.id,
      pessoaNome: 'Pastor Lange',
      situacaoMinisterial: 'ATIVO',
      exames: [{ resultado: 'APROVADO' }],
      termos: [{ tipoTermo: 'NOMEACAO', dataFim: null }],
    });
    const id = r.json().id;
    expect((await get(`${url}?pessoaId=${p.id}`)).json().id).toBe(id);
    const mudou = await put(
      id,
      ministro(p.id, {
        situacaoMinisterial: 'EMERITO',
        dataEmeritacao: '2024-01-01',
        termos: [{ ...r.json().termos[0], dataFim: '2023-12-31' }],
      }),
      sinodo,
      url,
    );
    expect(mudou.statusCode, mudou.body).toBe(200);
    expect(mudou.json()).toMatchObject({ situacaoMinisterial: 'EMERITO', termos: [{ dataFim: '2023-12-31' }] });
    const segundo = await post(ministro(p.id), sinodo, url);
    expect(segundo.statusCode).toBe(409);
    expect(segundo.json().codigo).toBe('MINISTRO_JA_CADASTRADO');
    const mover = await put(id, ministro(outraPessoa), sinodo, url);
    expect(campos(mover)).toEqual(['pessoaId']);
    const [h] = await t.banco.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.historicoAlteracao)
      .where(and(eq(schema.historicoAlteracao.entidade, 'ministro'), eq(schema.historicoAlteracao.entidadeId, id)));
    expect(h!.n).toBeGreaterThan(0);
  });

  it('validates dates, needs its permission, and hides people out of scope', async () => {
    const p = (await post(pessoaBase({ nome: 'Diácono' }))).json();
    const invalido = await post(
      ministro(p.id, {
        dataOrdenacao: '2999-01-01',
        termos: [
          { organizacaoId: orgParoquia, tipoTermo: 'DESIGNACAO', dataInicio: '2020-01-01', dataFim: '2019-01-01' },
        ],
      }),
      sinodo,
      url,
    );
    expect(invalido.statusCode).toBe(400);
    expect(campos(invalido).sort()).toEqual(['dataOrdenacao', 'termos.0.dataFim']);
    // The parish secretary's profile has no minister screen.
    expect((await post(ministro(p.id), paroquia, url)).statusCode).toBe(403);
    expect((await get(`${url}?pessoaId=${p.id}`, paroquia)).statusCode).toBe(403);
    const fora = (await post(pessoaBase({ nome: 'Longe', organizacaoId: orgOutroSinodo }), admin)).json();
    expect((await get(`${url}?pessoaId=${fora.id}`)).statusCode).toBe(404);
    const criarFora = await post(ministro(fora.id), sinodo, url);
    expect(criarFora.statusCode).toBe(400);
    expect(campos(criarFora)).toEqual(['pessoaId']);
    const deFora = (await post(ministro(fora.id), admin, url)).json();
    expect((await get(`${url}/${deFora.id}`)).statusCode).toBe(404);
    expect((await put(deFora.id, ministro(fora.id), sinodo, url)).statusCode).toBe(404);
    const [n] = await t.banco.db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.ministro)
      .where(and(eq(schema.ministro.pessoaId, p.id), isNull(schema.ministro.excluidoEm)));
    expect(n!.n).toBe(0);
  });

  it('the personal-data export carries the minister record', async () => {
    const p = (await post(pessoaBase({ nome: 'Exportado' }))).json();
    await post(ministro(p.id), sinodo, url);
    const r = await get(`/api/pessoa/${p.id}/dados-pessoais?formato=json`, admin);
    expect(r.statusCode, r.body.slice(0, 300)).toBe(200);
    expect(r.json().ministro).toMatchObject({
      tipoMinisterio: 'PASTORAL',
      exames: [{ descricao: 'Exame de ordenação' }],
    });
  });
});
