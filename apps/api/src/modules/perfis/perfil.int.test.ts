import { PERFIL_ADMINISTRADOR, type Perfil, type PerfilResumo } from '@sig/contracts';
import { schema } from '@sig/db';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { historicoDe } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
const ids = new Map<string, number>();

beforeAll(async () => {
  admin = await t.loginAdmin();
  sinodo = await t.login('sinodo@sig.local');
  paroquia = await t.login('paroquia@sig.local');
  const r = await t.req({ method: 'GET', url: '/api/perfil', token: admin });
  for (const p of r.json() as PerfilResumo[]) ids.set(p.nome, p.id);
});

const id = (nome: string) => {
  const v = ids.get(nome);
  if (!v) throw new Error(`perfil ${nome} não semeado`);
  return v;
};

type Tela = { acesso: string; [flag: string]: string | boolean };
const tela = (acesso: string, ...flags: string[]): Tela => ({
  acesso,
  ...Object.fromEntries(flags.map((f) => [f, true])),
});

let seq = 0;
/** Creates a throwaway profile as admin and returns it. */
async function novoPerfil(permissoes: Tela[] = [tela('Pessoa', 'listar', 'visualizar')], extra = {}) {
  const r = await t.req({
    method: 'POST',
    url: '/api/perfil',
    token: admin,
    payload: { nome: `Perfil de teste ${++seq}`, permissoes, ...extra },
  });
  expect(r.statusCode).toBe(201);
  return r.json() as Perfil;
}

const obter = async (perfilId: number, token = admin) =>
  (await t.req({ method: 'GET', url: `/api/perfil/${perfilId}`, token })).json() as Perfil;

/** Changes a seeded profile as admin; returns a function that puts it back. */
async function alterarComoAdmin(nome: string, mudar: (p: Perfil) => Partial<Perfil>) {
  const original = await obter(id(nome));
  const gravar = async (p: Perfil) => {
    const r = await t.req({ method: 'PUT', url: '/api/perfil', token: admin, payload: p });
    expect(r.statusCode).toBe(200);
  };
  await gravar({ ...original, ...mudar(original) });
  return () => gravar(original);
}

const versao = async (perfilId: number) =>
  (await t.banco.db.select({ v: schema.perfil.versao }).from(schema.perfil).where(eq(schema.perfil.id, perfilId)))[0]!
    .v;

const historico = (perfilId: number) => historicoDe(t.banco.db, 'perfil', perfilId);

describe('GET /api/perfil', () => {
  it('lists every profile with the administrator flag and the number of users', async () => {
    const r = await t.req({ method: 'GET', url: '/api/perfil', token: sinodo });
    expect(r.statusCode).toBe(200);
    const lista = r.json() as PerfilResumo[];
    const porNome = new Map(lista.map((p) => [p.nome, p]));
    expect(porNome.get(PERFIL_ADMINISTRADOR)).toMatchObject({ administrador: true, quantidadeUsuarios: 1 });
    expect(porNome.get('Secretaria Sinodal')).toMatchObject({ administrador: false, quantidadeUsuarios: 1 });
    // The parish's two staff users and the demo user held by a required term.
    expect(porNome.get('Secretaria Paroquial')?.quantidadeUsuarios).toBe(3);
    expect(porNome.get('Membro')?.quantidadeUsuarios).toBe(0);
    const nomes = lista.map((p) => p.nome.toLowerCase());
    expect(nomes).toEqual([...nomes].sort((a, b) => a.localeCompare(b)));
  });

  it('refuses a profile without Perfil L, in the asked language', async () => {
    const r = await t.req({ method: 'GET', url: '/api/perfil', token: paroquia });
    expect(r.statusCode).toBe(403);
    expect(r.json().codigo).toBe('SEM_AUTORIZACAO_LISTAR');
    const en = await t.req({ method: 'GET', url: '/api/perfil', token: paroquia, idioma: 'en' });
    expect(en.json().mensagem).toBe('User not authorized to list data.');
  });

  it('needs a token', async () => {
    const r = await t.req({ method: 'GET', url: '/api/perfil' });
    expect(r.statusCode).toBe(401);
    expect(r.json().codigo).toBe('TOKEN_INVALIDO');
  });
});

describe('GET /api/perfil/paginado', () => {
  it('filters by name ignoring case and accents, counts with the same filter and pages in SQL', async () => {
    const r = await t.req({
      method: 'GET',
      url: '/api/perfil/paginado?nome=SECRETÁRIA&quantidade=1&pagina=2',
      token: sinodo,
    });
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b).toMatchObject({ total: 2, pagina: 2, quantidade: 1 });
    expect(b.itens.map((p: PerfilResumo) => p.nome)).toEqual(['Secretaria Sinodal']);
    const csv = await t.req({ method: 'GET', url: '/api/perfil/exportar?nome=SECRETÁRIA', token: sinodo });
    expect(csv.statusCode, csv.body).toBe(200);
    const linhas = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas[0]).toBe('Nome;Descrição;Ativo');
    expect(
      linhas
        .slice(1)
        .map((l) => l.split(';')[0])
        .sort(),
    ).toEqual(['Secretaria Paroquial', 'Secretaria Sinodal']);
  });

  it('sorts by an allowed column in either direction', async () => {
    const r = await t.req({ method: 'GET', url: '/api/perfil/paginado?ordenarPor=id&ordem=desc', token: sinodo });
    const itens = r.json().itens as PerfilResumo[];
    expect(itens.map((p) => p.id)).toEqual(itens.map((p) => p.id).sort((a, b) => b - a));
    const porNome = await t.req({ method: 'GET', url: '/api/perfil/paginado?quantidade=3', token: sinodo });
    expect(porNome.json().itens.map((p: PerfilResumo) => p.nome)).toEqual([
      PERFIL_ADMINISTRADOR,
      'Atendimento',
      'Membro',
    ]);
  });

  it('filters by active flag and treats % in the search as a letter', async () => {
    const inativo = await novoPerfil([], { ativo: false });
    const r = await t.req({ method: 'GET', url: '/api/perfil/paginado?ativo=false&quantidade=100', token: sinodo });
    expect(r.json().itens.map((p: PerfilResumo) => p.id)).toEqual([inativo.id]);
    expect(r.json().total).toBe(1);
    const pct = await t.req({ method: 'GET', url: '/api/perfil/paginado?nome=%25', token: sinodo });
    expect(pct.json().total).toBe(0);
  });

  it('rejects an unknown sort column and a bad page size, naming the field', async () => {
    const r = await t.req({ method: 'GET', url: '/api/perfil/paginado?ordenarPor=senha_hash', token: sinodo });
    expect(r.statusCode).toBe(400);
    expect(r.json().codigo).toBe('VALIDACAO');
    expect(r.json().campos.map((c: { campo: string }) => c.campo)).toContain('ordenarPor');
    const q = await t.req({ method: 'GET', url: '/api/perfil/paginado?quantidade=0&ativo=talvez', token: sinodo });
    expect(
      q
        .json()
        .campos.map((c: { campo: string }) => c.campo)
        .sort(),
    ).toEqual(['ativo', 'quantidade']);
  });

  it('refuses the parish secretary', async () => {
    const r = await t.req({ method: 'GET', url: '/api/perfil/paginado', token: paroquia });
    expect(r.statusCode).toBe(403);
  });
});

describe('GET /api/perfil/select', () => {
  it('offers active, not deleted profiles only', async () => {
    const inativo = await novoPerfil([], { ativo: false });
    const excluido = await novoPerfil();
    await t.req({ method: 'DELETE', url: `/api/perfil/${excluido.id}`, token: admin });
    const r = await t.req({ method: 'GET', url: '/api/perfil/select', token: sinodo });
    expect(r.statusCode).toBe(200);
    const valores = (r.json() as { value: number; label: string }[]).map((o) => o.value);
    expect(valores).toContain(id('Secretaria Paroquial'));
    expect(valores).not.toContain(inativo.id);
    expect(valores).not.toContain(excluido.id);
    expect(r.json()).toContainEqual({ value: id('Tesouraria'), label: 'Tesouraria' });
  });

  it("answers the parish secretary, whose links to users name a profile (a form's lookup)", async () => {
    const r = await t.req({ method: 'GET', url: '/api/perfil/select', token: paroquia });
    expect(r.statusCode).toBe(200);
  });
});

describe('GET /api/perfil/perfil-logada-id', () => {
  it('answers the profile of the current session, for any signed-in user', async () => {
    const r = await t.req({ method: 'GET', url: '/api/perfil/perfil-logada-id', token: paroquia });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ perfilId: id('Secretaria Paroquial') });
    const s = await t.req({ method: 'GET', url: '/api/perfil/perfil-logada-id', token: sinodo });
    expect(s.json()).toEqual({ perfilId: id('Secretaria Sinodal') });
  });

  it('needs a token', async () => {
    const r = await t.req({ method: 'GET', url: '/api/perfil/perfil-logada-id' });
    expect(r.statusCode).toBe(401);
  });
});

describe('GET /api/perfil/:id', () => {
  it('returns the profile with its screens and field rules', async () => {
    const r = await t.req({ method: 'GET', url: `/api/perfil/${id('Secretaria Paroquial')}`, token: sinodo });
    expect(r.statusCode).toBe(200);
    const p = r.json() as Perfil;
    expect(p).toMatchObject({ nome: 'Secretaria Paroquial', ativo: true, administrador: false });
    expect(p.permissoes).toContainEqual({
      acesso: 'Organizacao',
      listar: true,
      visualizar: true,
      criar: false,
      atualizar: true,
      excluir: false,
      somentePropriaOrganizacao: false,
    });
    expect(p.campos).toContainEqual({
      acesso: 'Organizacao',
      campo: 'registroEstatuto',
      visualizar: false,
      atualizar: false,
    });
  });

  it('answers 404 for an unknown or deleted id and 400 for a malformed one', async () => {
    expect((await t.req({ method: 'GET', url: '/api/perfil/999999', token: sinodo })).statusCode).toBe(404);
    const excluido = await novoPerfil();
    await t.req({ method: 'DELETE', url: `/api/perfil/${excluido.id}`, token: admin });
    const r = await t.req({ method: 'GET', url: `/api/perfil/${excluido.id}`, token: sinodo });
    expect(r.statusCode).toBe(404);
    expect(r.json().codigo).toBe('NAO_ENCONTRADO');
    const m = await t.req({ method: 'GET', url: '/api/perfil/abc', token: sinodo });
    expect(m.statusCode).toBe(400);
    expect(m.json().campos[0].campo).toBe('id');
  });

  it('refuses without Perfil R: "Access not permitted." in English, Portuguese by default', async () => {
    const en = await t.req({ method: 'GET', url: `/api/perfil/${id('Tesouraria')}`, token: paroquia, idioma: 'en' });
    expect(en.statusCode).toBe(403);
    expect(en.json()).toMatchObject({ codigo: 'ACESSO_NAO_PERMITIDO', mensagem: 'Access not permitted.' });
    const pt = await t.req({ method: 'GET', url: `/api/perfil/${id('Tesouraria')}`, token: paroquia });
    expect(pt.json().mensagem).toBe('Acesso não permitido.');
  });
});

describe('GET /api/perfil/:id/permissoes-acesso', () => {
  it('gives anyone their own profile, only the screens with some permission', async () => {
    const r = await t.req({
      method: 'GET',
      url: `/api/perfil/${id('Secretaria Paroquial')}/permissoes-acesso`,
      token: paroquia,
    });
    expect(r.statusCode).toBe(200);
    const b = r.json() as { nome: string; telas: { acesso: string }[] };
    expect(b.nome).toBe('Secretaria Paroquial');
    const acessos = b.telas.map((x) => x.acesso);
    expect(acessos).toContain('Pessoa');
    expect(acessos).not.toContain('ContaAReceber');
    expect(acessos).not.toContain('Perfil');
  });

  it("needs Perfil R for another profile's screens", async () => {
    const alheio = `/api/perfil/${id('Tesouraria')}/permissoes-acesso`;
    const negado = await t.req({ method: 'GET', url: alheio, token: paroquia });
    expect(negado.statusCode).toBe(403);
    expect(negado.json().codigo).toBe('ACESSO_NAO_PERMITIDO');
    const ok = await t.req({ method: 'GET', url: alheio, token: sinodo });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().telas.map((x: { acesso: string }) => x.acesso)).toContain('ContaAReceber');
  });

  it('lists every screen for the administrator profile', async () => {
    const r = await t.req({
      method: 'GET',
      url: `/api/perfil/${id(PERFIL_ADMINISTRADOR)}/permissoes-acesso`,
      token: admin,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().telas).toContainEqual(
      expect.objectContaining({ acesso: 'ContaAReceber', listar: true, excluir: true }),
    );
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect(
      (await t.req({ method: 'GET', url: '/api/perfil/999999/permissoes-acesso', token: sinodo })).statusCode,
    ).toBe(404);
    const r = await t.req({ method: 'GET', url: '/api/perfil/0/permissoes-acesso', token: sinodo });
    expect(r.statusCode).toBe(400);
    expect(r.json().campos[0].campo).toBe('id');
  });
});

describe('POST /api/perfil', () => {
  it('creates a profile, drops rows that grant nothing and writes the history', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/perfil',
      token: sinodo,
      payload: {
        nome: '  Secretaria de Comunidade ',
        descricao: 'Cadastro da comunidade',
        permissoes: [tela('Pessoa', 'listar', 'visualizar', 'criar'), tela('Culto')],
      },
    });
    expect(r.statusCode).toBe(201);
    const p = r.json() as Perfil;
    expect(p).toMatchObject({ nome: 'Secretaria de Comunidade', descricao: 'Cadastro da comunidade', ativo: true });
    expect(p.permissoes).toEqual([
      {
        acesso: 'Pessoa',
        listar: true,
        visualizar: true,
        criar: true,
        atualizar: false,
        excluir: false,
        somentePropriaOrganizacao: false,
      },
    ]);
    expect(await obter(p.id, sinodo)).toEqual(p);
    const h = await historico(p.id);
    expect(h).toHaveLength(1);
    expect(h[0]).toMatchObject({ operacao: 'CRIACAO', valorAnterior: null });
    expect(h[0]!.usuarioId).not.toBeNull();
  });

  it('names the invalid fields', async () => {
    const r = await t.req({
      method: 'POST',
      url: '/api/perfil',
      token: sinodo,
      payload: {
        nome: '',
        permissoes: [tela('TelaQueNaoExiste', 'listar')],
        campos: [{ acesso: 'Organizacao', campo: 'senha', visualizar: false }],
      },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().codigo).toBe('VALIDACAO');
    const campos = r.json().campos.map((c: { campo: string }) => c.campo);
    expect(campos).toEqual(expect.arrayContaining(['nome', 'permissoes.0.acesso', 'campos.0.campo']));
    const repetido = await t.req({
      method: 'POST',
      url: '/api/perfil',
      token: sinodo,
      payload: { nome: 'Repetido', permissoes: [tela('Pessoa', 'listar'), tela('Pessoa', 'criar')] },
    });
    expect(repetido.json().campos.map((c: { campo: string }) => c.campo)).toEqual(['permissoes']);
  });

  it('refuses the parish secretary', async () => {
    const r = await t.req({ method: 'POST', url: '/api/perfil', token: paroquia, payload: { nome: 'Qualquer' } });
    expect(r.statusCode).toBe(403);
  });

  it('refuses a duplicate name ignoring case, and the administrator name', async () => {
    const dup = await t.req({ method: 'POST', url: '/api/perfil', token: sinodo, payload: { nome: 'tesouraria' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json()).toMatchObject({ codigo: 'NOME_DUPLICADO', campos: [{ campo: 'nome' }] });
    const adm = await t.req({
      method: 'POST',
      url: '/api/perfil',
      token: admin,
      payload: { nome: PERFIL_ADMINISTRADOR.toUpperCase() },
    });
    expect(adm.statusCode).toBe(409);
    expect(adm.json().codigo).toBe('PERFIL_ADMINISTRADOR_PROTEGIDO');
  });

  it('hole 13: a look-alike of a name is that name (NFKC, case and confusables folded)', async () => {
    const criar = (nome: string) => t.req({ method: 'POST', url: '/api/perfil', token: admin, payload: { nome } });
    const semelhantes = [
      // Cyrillic А, а, о and і in place of the Latin letters.
      '\u0410dministrador do Sistema',
      'Administr\u0430d\u043er do S\u0456stema',
      // Full-width letters, a no-break space and a zero-width space.
      '\uff21\uff44\uff4d\uff49\uff4e\uff49\uff53\uff54\uff52\uff41\uff44\uff4f\uff52 do Sistema',
      'Administrador\u00a0do Sis\u200btema',
    ];
    for (const nome of semelhantes) {
      const r = await criar(nome);
      expect(r.statusCode, nome).toBe(409);
      expect(r.json(), nome).toMatchObject({ codigo: 'PERFIL_ADMINISTRADOR_PROTEGIDO', campos: [{ campo: 'nome' }] });
    }
    const p = await novoPerfil();
    const renomear = await t.req({
      method: 'PUT',
      url: '/api/perfil',
      token: admin,
      payload: { ...p, nome: semelhantes[0] },
    });
    expect(renomear.json().codigo).toBe('PERFIL_ADMINISTRADOR_PROTEGIDO');

    for (const nome of [
      'Tesour\u0430ria',
      '\uff34\uff45\uff53\uff4f\uff55\uff52\uff41\uff52\uff49\uff41',
      ' TESOURARIA ',
    ]) {
      const dup = await criar(nome);
      expect(dup.statusCode, nome).toBe(409);
      expect(dup.json(), nome).toMatchObject({ codigo: 'NOME_DUPLICADO', campos: [{ campo: 'nome' }] });
    }
    // A different name is still a different name.
    expect((await criar('Tesouraria Sinodal')).statusCode).toBe(201);
  });

  it('allows the name of a deleted profile again', async () => {
    const p = await novoPerfil();
    await t.req({ method: 'DELETE', url: `/api/perfil/${p.id}`, token: admin });
    const r = await t.req({ method: 'POST', url: '/api/perfil', token: sinodo, payload: { nome: p.nome } });
    expect(r.statusCode).toBe(201);
  });
});

describe('no self-escalation', () => {
  it('refuses granting a screen the writer does not hold; the administrator may', async () => {
    const payload = { nome: 'Cobrador', permissoes: [tela('Pessoa', 'listar'), tela('ContaAReceber', 'listar')] };
    const r = await t.req({ method: 'POST', url: '/api/perfil', token: sinodo, payload });
    expect(r.statusCode).toBe(403);
    expect(r.json()).toMatchObject({
      codigo: 'PERMISSAO_ACIMA_DA_PROPRIA',
      campos: [{ campo: 'permissoes.1.listar' }],
    });
    const en = await t.req({ method: 'POST', url: '/api/perfil', token: sinodo, payload, idioma: 'en' });
    expect(en.json().mensagem).toBe('You cannot grant permissions you do not hold.');
    const a = await t.req({ method: 'POST', url: '/api/perfil', token: admin, payload });
    expect(a.statusCode).toBe(201);
  });

  it('refuses adding a screen to another profile, but keeps what it already had', async () => {
    const tesouraria = await obter(id('Tesouraria'));
    const manter = await t.req({
      method: 'PUT',
      url: `/api/perfil/${tesouraria.id}`,
      token: sinodo,
      payload: { ...tesouraria, descricao: 'Financeiro da paróquia e das comunidades' },
    });
    expect(manter.statusCode).toBe(200);
    expect(manter.json().permissoes).toEqual(tesouraria.permissoes);
    const subir = await t.req({
      method: 'PUT',
      url: `/api/perfil/${tesouraria.id}`,
      token: sinodo,
      payload: { ...tesouraria, permissoes: [...tesouraria.permissoes, tela('AtendimentoTriagem', 'listar')] },
    });
    expect(subir.statusCode).toBe(403);
    expect(subir.json().codigo).toBe('PERMISSAO_ACIMA_DA_PROPRIA');
  });

  it('refuses "all organizations" where the writer is limited to their own', async () => {
    const restaurar = await alterarComoAdmin('Secretaria Sinodal', (p) => ({
      permissoes: p.permissoes.map((x) => (x.acesso === 'Pessoa' ? { ...x, somentePropriaOrganizacao: true } : x)),
    }));
    try {
      const todas = await t.req({
        method: 'POST',
        url: '/api/perfil',
        token: sinodo,
        payload: { nome: 'Pessoas de todas', permissoes: [tela('Pessoa', 'listar', 'visualizar')] },
      });
      expect(todas.statusCode).toBe(403);
      expect(todas.json().campos).toEqual([
        { campo: 'permissoes.0.somentePropriaOrganizacao', mensagem: expect.any(String) },
      ]);
      const propria = await t.req({
        method: 'POST',
        url: '/api/perfil',
        token: sinodo,
        payload: {
          nome: 'Pessoas da própria',
          permissoes: [tela('Pessoa', 'listar', 'visualizar', 'somentePropriaOrganizacao')],
        },
      });
      expect(propria.statusCode).toBe(201);
    } finally {
      await restaurar();
    }
  });

  it('refuses relaxing a field rule the writer has denied', async () => {
    const restaurar = await alterarComoAdmin('Secretaria Sinodal', () => ({
      campos: [{ acesso: 'Organizacao', campo: 'cnpj', visualizar: false, atualizar: null }],
    }));
    try {
      const herda = await t.req({
        method: 'POST',
        url: '/api/perfil',
        token: sinodo,
        payload: { nome: 'Vê CNPJ', permissoes: [tela('Organizacao', 'listar', 'visualizar')] },
      });
      expect(herda.statusCode).toBe(403);
      expect(herda.json().campos.map((c: { campo: string }) => c.campo)).toContain('campos');
      const libera = await t.req({
        method: 'POST',
        url: '/api/perfil',
        token: sinodo,
        payload: {
          nome: 'Vê CNPJ',
          permissoes: [tela('Organizacao', 'listar', 'visualizar')],
          campos: [{ acesso: 'Organizacao', campo: 'cnpj', visualizar: true }],
        },
      });
      expect(libera.statusCode).toBe(403);
      expect(libera.json().campos.map((c: { campo: string }) => c.campo)).toContain('campos.0.visualizar');
      const nega = await t.req({
        method: 'POST',
        url: '/api/perfil',
        token: sinodo,
        payload: {
          nome: 'Não vê CNPJ',
          permissoes: [tela('Organizacao', 'listar', 'visualizar')],
          campos: [{ acesso: 'Organizacao', campo: 'cnpj', visualizar: false }],
        },
      });
      expect(nega.statusCode).toBe(201);
    } finally {
      await restaurar();
    }
  });

  it("refuses editing the writer's own current profile, even without a change", async () => {
    const proprio = await obter(id('Secretaria Sinodal'));
    const r = await t.req({ method: 'PUT', url: '/api/perfil', token: sinodo, payload: proprio });
    expect(r.statusCode).toBe(403);
    expect(r.json().codigo).toBe('PERMISSAO_ACIMA_DA_PROPRIA');
  });
});

describe('PUT /api/perfil and /api/perfil/:id', () => {
  it('replaces name and rules, bumps the version and records each changed field', async () => {
    const p = await novoPerfil([tela('Pessoa', 'listar')]);
    const antes = await versao(p.id);
    const r = await t.req({
      method: 'PUT',
      url: '/api/perfil',
      token: sinodo,
      payload: { id: p.id, nome: `${p.nome} (renomeado)`, permissoes: [tela('Culto', 'listar', 'visualizar')] },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().nome).toBe(`${p.nome} (renomeado)`);
    expect(r.json().permissoes.map((x: { acesso: string }) => x.acesso)).toEqual(['Culto']);
    expect(await versao(p.id)).toBe(antes + 1);
    const alteracoes = (await historico(p.id)).filter((h) => h.operacao === 'ALTERACAO');
    expect(alteracoes.map((h) => h.campo).sort()).toEqual(['nome', 'permissoes']);
    expect(alteracoes.find((h) => h.campo === 'nome')).toMatchObject({
      valorAnterior: p.nome,
      valorNovo: `${p.nome} (renomeado)`,
    });

    const porId = await t.req({
      method: 'PUT',
      url: `/api/perfil/${p.id}`,
      token: sinodo,
      payload: { nome: p.nome, ativo: false },
    });
    expect(porId.statusCode).toBe(200);
    expect(porId.json()).toMatchObject({ nome: p.nome, ativo: false, permissoes: [] });
    expect(await versao(p.id)).toBe(antes + 2);
  });

  it('names the invalid fields', async () => {
    const semId = await t.req({ method: 'PUT', url: '/api/perfil', token: sinodo, payload: { nome: 'Sem id' } });
    expect(semId.statusCode).toBe(400);
    expect(semId.json().campos.map((c: { campo: string }) => c.campo)).toEqual(['id']);
    const longo = await t.req({
      method: 'PUT',
      url: `/api/perfil/${id('Tesouraria')}`,
      token: sinodo,
      payload: { nome: 'x'.repeat(101) },
    });
    expect(longo.statusCode).toBe(400);
    expect(longo.json().campos[0]).toEqual({
      campo: 'nome',
      mensagem: 'O campo Nome deve ter no máximo 100 caracteres.',
    });
  });

  it('refuses the parish secretary', async () => {
    const r = await t.req({
      method: 'PUT',
      url: `/api/perfil/${id('Tesouraria')}`,
      token: paroquia,
      payload: { nome: 'Tesouraria' },
    });
    expect(r.statusCode).toBe(403);
  });

  it('answers 404 for an unknown or deleted profile', async () => {
    const r = await t.req({ method: 'PUT', url: '/api/perfil', token: admin, payload: { id: 999999, nome: 'X' } });
    expect(r.statusCode).toBe(404);
    const p = await novoPerfil();
    await t.req({ method: 'DELETE', url: `/api/perfil/${p.id}`, token: admin });
    const d = await t.req({ method: 'PUT', url: `/api/perfil/${p.id}`, token: admin, payload: { nome: 'X' } });
    expect(d.statusCode).toBe(404);
  });

  it('protects the administrator profile, even from the administrator', async () => {
    const adm = await obter(id(PERFIL_ADMINISTRADOR));
    const r = await t.req({
      method: 'PUT',
      url: '/api/perfil',
      token: admin,
      payload: { ...adm, descricao: 'Outra' },
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('PERFIL_ADMINISTRADOR_PROTEGIDO');
    const renomear = await t.req({
      method: 'PUT',
      url: `/api/perfil/${id('Membro')}`,
      token: admin,
      payload: { nome: PERFIL_ADMINISTRADOR },
    });
    expect(renomear.statusCode).toBe(409);
    expect(renomear.json().codigo).toBe('PERFIL_ADMINISTRADOR_PROTEGIDO');
    expect((await obter(id('Membro'))).nome).toBe('Membro');
  });

  it('refuses renaming to a name in use', async () => {
    const p = await novoPerfil();
    const r = await t.req({
      method: 'PUT',
      url: `/api/perfil/${p.id}`,
      token: sinodo,
      payload: { nome: 'SECRETARIA PAROQUIAL' },
    });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('NOME_DUPLICADO');
    const mesmo = await t.req({
      method: 'PUT',
      url: `/api/perfil/${p.id}`,
      token: sinodo,
      payload: { nome: p.nome.toUpperCase(), permissoes: p.permissoes },
    });
    expect(mesmo.statusCode).toBe(200);
  });

  it('takes effect on the next request of users already signed in with that profile', async () => {
    const antes = await t.req({ method: 'GET', url: '/api/perfil/paginado', token: sinodo });
    expect(antes.statusCode).toBe(200);
    const restaurar = await alterarComoAdmin('Secretaria Sinodal', (p) => ({
      permissoes: p.permissoes.map((x) => (x.acesso === 'Perfil' ? { ...x, listar: false } : x)),
    }));
    try {
      const depois = await t.req({ method: 'GET', url: '/api/perfil/paginado', token: sinodo });
      expect(depois.statusCode).toBe(403);
      expect(depois.json().codigo).toBe('SEM_AUTORIZACAO_LISTAR');
    } finally {
      await restaurar();
    }
    const restaurado = await t.req({ method: 'GET', url: '/api/perfil/paginado', token: sinodo });
    expect(restaurado.statusCode).toBe(200);
  });
});

describe('DELETE /api/perfil/:id', () => {
  it('deletes logically: gone from every read, kept in the table, recorded in the history', async () => {
    const p = await novoPerfil();
    const antes = await versao(p.id);
    const r = await t.req({ method: 'DELETE', url: `/api/perfil/${p.id}`, token: sinodo });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ sucesso: true });
    const [linha] = await t.banco.db.select().from(schema.perfil).where(eq(schema.perfil.id, p.id));
    expect(linha!.excluidoEm).not.toBeNull();
    expect(linha!.versao).toBe(antes + 1);
    const lista = (await t.req({ method: 'GET', url: '/api/perfil', token: sinodo })).json() as PerfilResumo[];
    expect(lista.map((x) => x.id)).not.toContain(p.id);
    const pag = await t.req({
      method: 'GET',
      url: `/api/perfil/paginado?nome=${encodeURIComponent(p.nome)}`,
      token: sinodo,
    });
    expect(pag.json().total).toBe(0);
    expect((await historico(p.id)).map((h) => h.operacao)).toEqual(['CRIACAO', 'EXCLUSAO']);
    const denovo = await t.req({ method: 'DELETE', url: `/api/perfil/${p.id}`, token: sinodo });
    expect(denovo.statusCode).toBe(404);
  });

  it('refuses a profile in use by a user, or given to self-registered users', async () => {
    const r = await t.req({ method: 'DELETE', url: `/api/perfil/${id('Tesouraria')}`, token: sinodo });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('REGISTRO_EM_USO');
    const membro = await t.req({ method: 'DELETE', url: `/api/perfil/${id('Membro')}`, token: admin });
    expect(membro.statusCode).toBe(409);
    expect(membro.json().codigo).toBe('REGISTRO_EM_USO');
  });

  it('protects the administrator profile', async () => {
    const r = await t.req({ method: 'DELETE', url: `/api/perfil/${id(PERFIL_ADMINISTRADOR)}`, token: admin });
    expect(r.statusCode).toBe(409);
    expect(r.json().codigo).toBe('PERFIL_ADMINISTRADOR_PROTEGIDO');
  });

  it('refuses the parish secretary, unknown ids and malformed ids', async () => {
    const p = await novoPerfil();
    expect((await t.req({ method: 'DELETE', url: `/api/perfil/${p.id}`, token: paroquia })).statusCode).toBe(403);
    expect((await t.req({ method: 'DELETE', url: '/api/perfil/999999', token: sinodo })).statusCode).toBe(404);
    const m = await t.req({ method: 'DELETE', url: '/api/perfil/-1', token: sinodo });
    expect(m.statusCode).toBe(400);
    expect(m.json().campos[0].campo).toBe('id');
  });
});
