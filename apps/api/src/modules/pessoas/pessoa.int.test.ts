import { schema } from '@sig/db';
import { and, eq, isNull, like, ne, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { historicoDe, organizacaoPorNome } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
let tesouraria: string;
let orgSinodo: number;
let orgParoquia: number;
let orgOutroSinodo: number;
let grau: Record<string, number>;
let tipoContato: number;

const get = (url: string, token = sinodo) => t.req({ method: 'GET', url, token });
const post = (payload: object, token = sinodo) => t.req({ method: 'POST', url: '/api/pessoa', token, payload });
const put = (id: number, payload: object, token = sinodo) =>
  t.req({ method: 'PUT', url: `/api/pessoa/${id}`, token, payload });

const orgPorNome = (nome: string) => organizacaoPorNome(t.banco.db, nome);

/** Two valid CPFs nobody has: digits from a counter, check digits computed. */
let sequencia = 100_000_000;
function cpfNovo(): string {
  const base = String(++sequencia).padStart(9, '0').split('').map(Number);
  const dv = (ns: number[]) => {
    const r = (ns.reduce((s, n, i) => s + n * (ns.length + 1 - i), 0) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  const d1 = dv(base);
  return [...base, d1, dv([...base, d1])].join('');
}

const pessoaBase = (extra: Record<string, unknown> = {}) => ({
  nome: 'José',
  sobrenome: 'Müller',
  organizacaoId: orgParoquia,
  status: 'ATIVO',
  ...extra,
});

beforeAll(async () => {
  [admin, sinodo, paroquia, tesouraria] = await t.logins('admin', 'sinodo', 'paroquia', 'tesouraria');
  orgSinodo = await orgPorNome('Sínodo Rio dos Sinos');
  orgParoquia = await orgPorNome('Paróquia da Reconciliação - Canguçu');
  const [outro] = await t.banco.db
    .select({ id: schema.organizacao.id })
    .from(schema.organizacao)
    .where(and(like(schema.organizacao.nomeFantasia, 'Sínodo%'), ne(schema.organizacao.id, orgSinodo)))
    .limit(1);
  orgOutroSinodo = outro!.id;
  const graus = await t.banco.db
    .select({ id: schema.grauParentesco.id, nome: schema.grauParentesco.nome })
    .from(schema.grauParentesco);
  grau = Object.fromEntries(graus.map((g) => [g.nome, g.id]));
  const [tc] = await t.banco.db.select({ id: schema.tipoContato.id }).from(schema.tipoContato).limit(1);
  tipoContato = tc!.id;
});

describe('the person record', () => {
  it('is created with its tabs, read back, and the family link shows on the relative with the reciprocal degree', async () => {
    const pai = await post(pessoaBase({ nome: 'Otto', sobrenome: 'Schneider', sexo: 'M' }));
    expect(pai.statusCode, pai.body).toBe(201);
    const cpf = cpfNovo();
    const filho = await post(
      pessoaBase({
        nome: 'Lúcia',
        sobrenome: 'Schneider',
        cpf: `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`,
        dataNascimento: '1990-05-04',
        enderecos: [{ cep: '93010-000', logradouro: 'Rua Independência', numero: '100', preferencial: true }],
        contatos: [{ tipoContatoId: tipoContato, valor: 'lucia@exemplo.org', principal: true }],
        familia: [{ parenteId: pai.json().id, grauParentescoId: grau.Pai }],
        contribuicao: [{ valor: '50.00', dizimista: true }],
        celebracoes: [{ tipoCelebracaoOficioId: 1, data: '1990-08-12', local: 'Canguçu', livro: '3', folha: '12' }],
      }),
    );
    expect(filho.statusCode, filho.body).toBe(201);
    const f = filho.json();
    expect(f).toMatchObject({
      nome: 'Lúcia',
      cpf,
      organizacaoNome: 'Paróquia da Reconciliação - Canguçu',
      enderecos: [{ cep: '93010000', logradouro: 'Rua Independência', preferencial: true, ativo: true }],
      contatos: [{ valor: 'lucia@exemplo.org', principal: true }],
      familia: [{ parenteId: pai.json().id, grauParentescoId: grau.Pai }],
      contribuicao: [{ valor: '50.00', dizimista: true }],
      celebracoes: [{ data: '1990-08-12', livro: '3' }],
    });
    const lidoPai = (await get(`/api/pessoa/${pai.json().id}`)).json();
    expect(lidoPai.familia).toEqual([{ id: expect.any(Number), parenteId: f.id, grauParentescoId: grau['Filho(a)'] }]);

    // Removing the link on one side removes it on the other.
    const semFamilia = await put(f.id, { ...pessoaBase({ nome: 'Lúcia', sobrenome: 'Schneider', cpf }), familia: [] });
    expect(semFamilia.statusCode, semFamilia.body).toBe(200);
    expect((await get(`/api/pessoa/${pai.json().id}`)).json().familia).toEqual([]);
    const historico = await historicoDe(t.banco.db, 'pessoa', f.id);
    expect(historico.map((h) => h.campo)).toEqual(expect.arrayContaining([null, 'familia', 'enderecos']));
  });

  it('refuses a bad CPF, a future birth, two preferential addresses and a link to oneself, naming the fields', async () => {
    const r = await post(
      pessoaBase({
        cpf: '111.111.111-12',
        dataNascimento: '2999-01-01',
        enderecos: [
          { logradouro: 'A', preferencial: true },
          { logradouro: 'B', preferencial: true },
        ],
      }),
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().campos).toEqual(
      expect.arrayContaining([
        { campo: 'cpf', mensagem: 'CPF inválido.' },
        { campo: 'dataNascimento', mensagem: 'A data não pode ser futura.' },
        { campo: 'enderecos', mensagem: 'Apenas um item pode ser preferencial.' },
      ]),
    );
    const sem = await post({ organizacaoId: orgParoquia }, sinodo);
    expect(sem.statusCode).toBe(400);
    expect(sem.json().campos.map((c: { campo: string }) => c.campo)).toEqual(
      expect.arrayContaining(['nome', 'sobrenome']),
    );

    const p = (await post(pessoaBase({ nome: 'Narciso' }))).json();
    const proprio = await put(p.id, {
      ...pessoaBase({ nome: 'Narciso' }),
      familia: [{ parenteId: p.id, grauParentescoId: grau['Irmão(ã)'] }],
    });
    expect(proprio.statusCode).toBe(400);
    expect(proprio.json().campos[0].campo).toBe('familia.0.parenteId');
  });

  it('a CPF already given is refused with the spec message, even when the other person is out of scope', async () => {
    const cpf = cpfNovo();
    expect((await post(pessoaBase({ cpf, organizacaoId: orgOutroSinodo }), admin)).statusCode).toBe(201);
    const r = await post(pessoaBase({ cpf }));
    expect(r.statusCode).toBe(409);
    expect(r.json()).toMatchObject({
      mensagem: 'Você já informou este documento.',
      campos: [{ campo: 'cpf', mensagem: 'Você já informou este documento.' }],
    });
  });

  it('read-only profiles may not write (403); out of scope reads as 404 and cannot be chosen', async () => {
    expect((await post(pessoaBase(), tesouraria)).statusCode).toBe(403);
    const fora = (await post(pessoaBase({ nome: 'Distante', organizacaoId: orgOutroSinodo }), admin)).json();
    expect((await get(`/api/pessoa/${fora.id}`)).statusCode).toBe(404);
    expect((await put(fora.id, pessoaBase({ nome: 'Minha' }))).statusCode).toBe(404);
    expect((await t.req({ method: 'DELETE', url: `/api/pessoa/${fora.id}`, token: sinodo })).statusCode).toBe(404);
    const criarFora = await post(pessoaBase({ organizacaoId: orgOutroSinodo }));
    expect(criarFora.statusCode).toBe(400);
    expect(criarFora.json().campos[0].campo).toBe('organizacaoId');
    const parenteFora = await post(pessoaBase({ familia: [{ parenteId: fora.id, grauParentescoId: grau.Cônjuge }] }));
    expect(parenteFora.statusCode).toBe(400);
    expect(parenteFora.json().campos[0].campo).toBe('familia.0.parenteId');
  });

  it('a profile that may not see the CPF gets it nowhere and cannot set it', async () => {
    await t.regrasCampo('Secretaria Paroquial', [
      { acesso: 'Pessoa', campo: 'cpf', visualizar: false, atualizar: false },
    ]);
    const cpf = cpfNovo();
    const p = (await post(pessoaBase({ nome: 'Sigilosa', cpf }), admin)).json();
    const paroquiaNova = await t.login('paroquia@sig.local');
    const lido = (await get(`/api/pessoa/${p.id}`, paroquiaNova)).json();
    expect(lido).not.toHaveProperty('cpf');
    const lista = (await get(`/api/pessoa/paginado?nome=sigilosa`, paroquiaNova)).json();
    expect(lista.itens[0]).not.toHaveProperty('cpf');
    // Filtering by a hidden field would reveal it: the filter is ignored.
    expect((await get(`/api/pessoa/paginado?cpf=${cpf}&nome=sigilosa`, paroquiaNova)).json().total).toBe(1);
    const muda = await put(p.id, pessoaBase({ nome: 'Sigilosa', cpf: cpfNovo() }), paroquiaNova);
    expect(muda.statusCode).toBe(403);
    const mantem = await put(p.id, pessoaBase({ nome: 'Sigilosa Silva' }), paroquiaNova);
    expect(mantem.statusCode, mantem.body).toBe(200);
    expect((await get(`/api/pessoa/${p.id}`, admin)).json().cpf).toBe(cpf);
  });
});

describe('the list', () => {
  it('finds the people the seeds wrote (the demo users) by name', async () => {
    expect((await get('/api/pessoa/select?busca=paula')).json()).toEqual([
      { value: expect.any(Number), label: 'Paula Paroquial — Paróquia da Reconciliação - Canguçu' },
    ]);
    expect((await get('/api/pessoa/paginado?nome=administrador', admin)).json().total).toBe(1);
  });

  it('finds by any part of the name without accents or case, by CPF, within the organization chosen', async () => {
    const cpf = cpfNovo();
    await post(pessoaBase({ nome: 'Ângela', sobrenome: 'Weiß Wunderlich', cpf, titular: true }));
    await post(pessoaBase({ nome: 'Angela', sobrenome: 'Wunderlich', organizacaoId: orgSinodo }));
    const porNome = (await get('/api/pessoa/paginado?nome=WUNDERLICH%20angela')).json();
    expect(porNome.itens.map((i: { nome: string }) => i.nome).sort()).toEqual(['Angela', 'Ângela']);
    expect(porNome).toMatchObject({ total: 2, totalExato: true });
    expect((await get(`/api/pessoa/paginado?cpf=${cpf}`)).json().itens).toEqual([
      expect.objectContaining({
        nome: 'Ângela',
        titular: true,
        organizacaoNome: 'Paróquia da Reconciliação - Canguçu',
      }),
    ]);
    const soSinodo = (
      await get(`/api/pessoa/paginado?nome=wunderlich&organizacaoId=${orgSinodo}&somenteMinhaOrganizacao=true`)
    ).json();
    expect(soSinodo.itens.map((i: { nome: string }) => i.nome)).toEqual(['Angela']);
    const arvore = (await get(`/api/pessoa/paginado?nome=wunderlich&organizacaoId=${orgSinodo}`)).json();
    expect(arvore.total).toBe(2);
    expect((await get('/api/pessoa/paginado?nome=wunderlich&titular=true')).json().total).toBe(1);
    // The parish secretary sees her parish only.
    expect((await get('/api/pessoa/paginado?nome=wunderlich', paroquia)).json().total).toBe(1);
    expect((await get(`/api/pessoa/paginado?organizacaoId=${orgOutroSinodo}`)).statusCode).toBe(404);
  });

  it('filters by birth range (end after start), registration state and person type; sorts and pages', async () => {
    await post(
      pessoaBase({ nome: 'Berta', sobrenome: 'Klein', dataNascimento: '1950-01-01', sexo: 'F', tipoPessoaId: 1 }),
    );
    await post(
      pessoaBase({
        nome: 'Bruno',
        sobrenome: 'Klein',
        dataNascimento: '1980-01-01',
        sexo: 'M',
        tipoPessoaId: 2,
        preCadastro: true,
      }),
    );
    const faixa = (
      await get('/api/pessoa/paginado?nome=klein&nascimentoDe=1940-01-01&nascimentoAte=1960-12-31')
    ).json();
    expect(faixa.itens.map((i: { nome: string }) => i.nome)).toEqual(['Berta']);
    const invertida = await get('/api/pessoa/paginado?nascimentoDe=1960-01-01&nascimentoAte=1950-01-01');
    expect(invertida.statusCode).toBe(400);
    expect(invertida.json().campos[0].campo).toBe('nascimentoAte');
    expect((await get('/api/pessoa/paginado?nome=klein&cadastroCompleto=true')).json().itens[0].nome).toBe('Berta');
    expect((await get('/api/pessoa/paginado?nome=klein&preCadastro=true')).json().itens[0].nome).toBe('Bruno');
    expect((await get('/api/pessoa/paginado?nome=klein&tiposPessoaIds=1')).json().total).toBe(1);
    // By sex (the registry indicator's slices open the list with it).
    expect(
      (await get('/api/pessoa/paginado?nome=klein&sexo=M')).json().itens.map((i: { nome: string }) => i.nome),
    ).toEqual(['Bruno']);
    expect((await get('/api/pessoa/paginado?nome=klein&sexo=F&sexo=M')).json().total).toBe(2);
    expect((await get('/api/pessoa/paginado?sexo=X')).statusCode).toBe(400);
    // What a record lacks (the indicator's "not informed" slices): sex, type, birth date.
    await post(pessoaBase({ nome: 'Bela', sobrenome: 'Klein' }));
    const semDados = (campos: string) =>
      get(`/api/pessoa/paginado?nome=klein&naoInformado=${campos}`).then((r) =>
        r.json().itens.map((i: { nome: string }) => i.nome),
      );
    expect(await semDados('sexo')).toEqual(['Bela']);
    expect(await semDados('tipoPessoa,dataNascimento')).toEqual(['Bela']);
    expect((await get('/api/pessoa/paginado?naoInformado=cpf')).statusCode).toBe(400);
    const desc = (
      await get('/api/pessoa/paginado?nome=klein&ordenarPor=dataNascimento&ordem=desc&quantidade=1&pagina=1')
    ).json();
    expect(desc).toMatchObject({ total: 3, quantidade: 1, itens: [{ nome: 'Bruno' }] });
    expect((await get('/api/pessoa/paginado?ordenarPor=senha')).statusCode).toBe(400);
  });

  it('stops counting a name at 1,000 and pages past that by name, from the words or the trigram index, the same', async () => {
    await t.banco.db.execute(sql`insert into pessoa (nome, sobrenome, nome_busca, organizacao_id)
      select 'Tetoteste', 'Qz' || g, 'tetoteste qz' || g, ${orgParoquia} from generate_series(1, 1005) g`);
    const nomes = Array.from({ length: 1005 }, (_, i) => `Qz${i + 1}`).sort();
    const pagina = async (termo: string, consulta: string) => {
      const r = (await get(`/api/pessoa/paginado?nome=${termo}&quantidade=10&${consulta}`, admin)).json();
      return { ...r, itens: r.itens.map((i: { sobrenome: string }) => i.sobrenome) };
    };
    // "tetoteste" is read from the names' words; "qz", too short for them, from the trigram index.
    const conferir = async (termo: string) => {
      expect(await pagina(termo, 'pagina=1')).toMatchObject({
        total: 1000,
        totalExato: false,
        itens: nomes.slice(0, 10),
      });
      expect((await pagina(termo, 'pagina=3&ordem=desc')).itens).toEqual(nomes.toReversed().slice(20, 30));
      expect((await pagina(termo, `pagina=2&organizacaoId=${orgParoquia}`)).itens).toEqual(nomes.slice(10, 20));
      // Past the matches kept for the count, they are all read and sorted.
      expect((await pagina(termo, 'pagina=101')).itens).toEqual(nomes.slice(1000));
    };
    await conferir('tetoteste');
    await conferir('qz');
    // With statistics the trigram search walks the first pages by name instead.
    await t.banco.db.execute(sql`analyze pessoa`);
    await t.banco.db.execute(sql`analyze pessoa_palavra`);
    await conferir('tetoteste');
    await conferir('qz');
    // Without a name or another filter the total is exact, read from the organizations' kept counts.
    const [{ n: naParoquia }] = (
      (await t.banco.db.execute(
        sql`select count(*)::int as n from pessoa where organizacao_id = ${orgParoquia} and excluido_em is null`,
      )) as unknown as { rows: [{ n: number }] }
    ).rows;
    expect(naParoquia).toBeGreaterThan(1005);
    expect((await get(`/api/pessoa/paginado?organizacaoId=${orgParoquia}`, admin)).json()).toMatchObject({
      total: naParoquia,
      totalExato: true,
    });
    const [{ n: todas }] = (
      (await t.banco.db.execute(sql`select count(*)::int as n from pessoa where excluido_em is null`)) as unknown as {
        rows: [{ n: number }];
      }
    ).rows;
    expect((await get('/api/pessoa/paginado', admin)).json()).toMatchObject({ total: todas, totalExato: true });
    // With another filter it is counted, to 10,000.
    expect((await get(`/api/pessoa/paginado?organizacaoId=${orgParoquia}&titular=false`, admin)).json()).toMatchObject({
      totalExato: true,
    });
  });

  it("keeps the names' words and the counts per organization with every change of a name, an organization or a deletion", async () => {
    const nomes = async (consulta: string, token = sinodo) =>
      (await get(`/api/pessoa/paginado?${consulta}`, token))
        .json()
        .itens.map((i: { nome: string; sobrenome: string }) => `${i.nome} ${i.sobrenome}`);
    const p = (await post(pessoaBase({ nome: 'Wilhelmina', sobrenome: 'Zorblatt' }))).json();
    expect(await nomes('nome=orbla')).toEqual(['Wilhelmina Zorblatt']);
    // A new word holding a term already searched: found by the next search.
    await post(pessoaBase({ nome: 'Xaver', sobrenome: 'Korblan' }));
    expect(await nomes('nome=orbla')).toEqual(['Wilhelmina Zorblatt', 'Xaver Korblan']);
    // A name with two words holding the term comes once.
    await post(pessoaBase({ nome: 'Orblaine', sobrenome: 'Vorblatt' }));
    expect((await get('/api/pessoa/paginado?nome=orbla')).json()).toMatchObject({ total: 3 });
    expect((await get(`/api/pessoa/paginado?nome=orbla&organizacaoId=${orgParoquia}`)).json()).toMatchObject({
      total: 3,
    });
    expect(await nomes(`nome=orbla&organizacaoId=${orgParoquia}&ordem=desc`)).toEqual([
      'Xaver Korblan',
      'Wilhelmina Zorblatt',
      'Orblaine Vorblatt',
    ]);
    // Renamed: found by the new name only.
    expect((await put(p.id, pessoaBase({ nome: 'Wilhelmina', sobrenome: 'Quendel' }))).statusCode).toBe(200);
    expect(await nomes('nome=zorblatt')).toEqual([]);
    expect(await nomes('nome=quendel wilhel')).toEqual(['Wilhelmina Quendel']);
    // Moved to the synod: out of the parish secretary's scope, in the synod's own.
    expect(await nomes('nome=quendel', paroquia)).toEqual(['Wilhelmina Quendel']);
    expect(await nomes('nome=quendel&somenteMinhaOrganizacao=true')).toEqual([]);
    await put(p.id, pessoaBase({ nome: 'Wilhelmina', sobrenome: 'Quendel', organizacaoId: orgSinodo }));
    expect(await nomes('nome=quendel', paroquia)).toEqual([]);
    expect(await nomes('nome=quendel&somenteMinhaOrganizacao=true')).toEqual(['Wilhelmina Quendel']);
    expect(await nomes(`nome=quendel&organizacaoId=${orgSinodo}&somenteMinhaOrganizacao=true`)).toEqual([
      'Wilhelmina Quendel',
    ]);
    // Deleted: found no more.
    expect((await t.req({ method: 'DELETE', url: `/api/pessoa/${p.id}`, token: sinodo })).statusCode).toBe(200);
    expect(await nomes('nome=quendel')).toEqual([]);
    // A term held by more words than are merged is searched through the trigram index, with the same answer.
    await t.banco.db.execute(sql`insert into pessoa (nome, sobrenome, nome_busca, organizacao_id)
      select 'Muitas', 'Yqw' || chr(96 + g) || chr(96 + g), 'muitas yqw' || chr(96 + g) || chr(96 + g), ${orgParoquia}::int
      from generate_series(1, 26) g union all
      select 'Muitas', 'Byqw' || chr(96 + g), 'muitas byqw' || chr(96 + g), ${orgParoquia}::int from generate_series(1, 10) g`);
    expect((await get('/api/pessoa/paginado?nome=yqw&quantidade=50', admin)).json()).toMatchObject({ total: 36 });
    expect((await get('/api/pessoa/paginado?nome=yqwc muitas', admin)).json().itens).toEqual([
      expect.objectContaining({ sobrenome: 'Byqwc' }),
      expect.objectContaining({ sobrenome: 'Yqwcc' }),
    ]);
    // The words are exactly those of the living people's names.
    const diferencas = await t.banco.db.execute(sql`with fonte as (select w, p.nome_busca, p.id, o.caminho
        from pessoa p join organizacao o on o.id = p.organizacao_id cross join lateral palavras_do_nome(p.nome_busca) w
        where p.excluido_em is null)
      select count(*)::int as n from (
        (select * from fonte except all select palavra, nome_busca, pessoa_id, caminho from pessoa_palavra)
        union all
        (select palavra, nome_busca, pessoa_id, caminho from pessoa_palavra except all select * from fonte)) x`);
    expect((diferencas as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // And each organization's kept count is its living people.
    const contagens = await t.banco.db.execute(sql`select count(*)::int as n from (
      select organizacao_id, count(*)::int as pessoas from pessoa where excluido_em is null group by organizacao_id
      except select organizacao_id, pessoas from organizacao_pessoas where pessoas > 0) x`);
    expect((contagens as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    const vazias = await t.banco.db.execute(sql`select count(*)::int as n from organizacao_pessoas c
      where c.pessoas <> (select count(*) from pessoa p where p.organizacao_id = c.organizacao_id and p.excluido_em is null)`);
    expect((vazias as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);
    // And the registry's roll-up, kept per insert statement, equals one counted again from the people.
    const resumo = async () =>
      (
        (await t.banco.db.execute(sql`select
          (select string_agg(r::text, ';' order by r::text) from pessoa_resumo r where pessoas <> 0) as pessoas,
          (select string_agg(r::text, ';' order by r::text) from pessoa_resumo_organizacao r where pessoas <> 0) as orgs`)) as unknown as {
          rows: unknown[];
        }
      ).rows[0];
    const mantido = await resumo();
    await t.banco.db.execute(sql`select pessoa_resumo_reconstruir()`);
    expect(await resumo()).toEqual(mantido);
  });

  it('the selector searches by name or CPF and brings chosen ids back; the export streams the filtered rows', async () => {
    const cpf = cpfNovo();
    const p = (await post(pessoaBase({ nome: 'Hildegard', sobrenome: 'Vogel', cpf }))).json();
    expect((await get('/api/pessoa/select?busca=hildeg')).json()).toEqual([
      { value: p.id, label: 'Hildegard Vogel — Paróquia da Reconciliação - Canguçu' },
    ]);
    expect((await get(`/api/pessoa/select?busca=${cpf}`)).json()[0].value).toBe(p.id);
    expect((await get(`/api/pessoa/select?ids=${p.id}`)).json()[0].value).toBe(p.id);
    const csv = await get('/api/pessoa/exportar?nome=vogel&formato=csv');
    expect(csv.statusCode).toBe(200);
    const linhas = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(linhas).toHaveLength(2);
    expect(linhas[1]).toContain('Hildegard');
    expect(linhas[1]).toContain(cpf);
  });
});

describe('deleting', () => {
  it('is logical, takes the relative links away, and refuses a person who is a user', async () => {
    const a = (await post(pessoaBase({ nome: 'Apagada' }))).json();
    const b = (
      await post(pessoaBase({ nome: 'Irmã', familia: [{ parenteId: a.id, grauParentescoId: grau['Irmão(ã)'] }] }))
    ).json();
    expect((await t.req({ method: 'DELETE', url: `/api/pessoa/${a.id}`, token: sinodo })).statusCode).toBe(200);
    expect((await get(`/api/pessoa/${a.id}`)).statusCode).toBe(404);
    expect((await get(`/api/pessoa/${b.id}`)).json().familia).toEqual([]);
    const [linha] = await t.banco.db.select().from(schema.pessoa).where(eq(schema.pessoa.id, a.id));
    expect(linha!.excluidoEm).toBeInstanceOf(Date);

    const [usuario] = await t.banco.db
      .select({ pessoaId: schema.usuario.pessoaId })
      .from(schema.usuario)
      .where(eq(schema.usuario.email, 'tesouraria@sig.local'));
    const r = await t.req({ method: 'DELETE', url: `/api/pessoa/${usuario!.pessoaId}`, token: admin });
    expect(r.statusCode).toBe(409);
    const vivos = await t.banco.db
      .select({ id: schema.pessoa.id })
      .from(schema.pessoa)
      .where(and(eq(schema.pessoa.id, usuario!.pessoaId), isNull(schema.pessoa.excluidoEm)));
    expect(vivos).toHaveLength(1);
  });
});
