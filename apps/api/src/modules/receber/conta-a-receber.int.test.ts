import { schema } from '@sig/db';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { reqCom, usarAppTeste } from '../../../test/app-teste.js';
import { criarContaPelaApi, dadosConta } from '../../../test/asaas-teste.js';
import { pessoaPorCpf } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let paroquia: string;
let tesouraria: string;
let comCpf: number;

const req = reqCom(t, () => tesouraria);
const conta = (extra: Record<string, unknown> = {}) => dadosConta({ pessoaId: comCpf, ...extra });
const criarConta = (extra: Record<string, unknown> = {}, token = tesouraria) =>
  criarContaPelaApi(t, token, { pessoaId: comCpf, ...extra });
const cobrar = (contaAReceberId: number, extra: Record<string, unknown> = {}) =>
  req('POST', '/api/cobranca', { contaAReceberId, forma: 'BOLETO', ...extra });
const obter = async (id: number) => (await req('GET', `/api/conta-a-receber/${id}`)).json();

beforeAll(async () => {
  [admin, paroquia, tesouraria] = await t.logins('admin', 'paroquia', 'tesouraria');
  comCpf = (await pessoaPorCpf(t.banco.db, '39053344705')).id;
});

describe('accounts receivable', () => {
  let id: number;

  it('creates, reads, lists with filters and updates a receivable of the user organization', async () => {
    const c = await criarConta({ descricao: 'Contribuição de março' });
    id = c.id;
    expect(c).toMatchObject({ status: 'ABERTO', cobrancaGerada: false, valorPrevisto: '30.00', parcelas: 1 });
    expect(c.titularNome).not.toBe('');
    await criarConta({ mesCompetencia: 4, vencimento: '2099-04-10' });
    const lista = await req(
      'GET',
      `/api/conta-a-receber/paginado?pessoaId=${comCpf}&status=ABERTO&vencimentoDe=2099-03-01&vencimentoAte=2099-03-31&organizacaoId=${c.organizacaoId}`,
    );
    expect(lista.statusCode, lista.body).toBe(200);
    expect(lista.json().itens.map((x: { id: number }) => x.id)).toContain(id);
    expect(lista.json().itens.every((x: { vencimento: string }) => x.vencimento <= '2099-03-31')).toBe(true);
    const ordenada = (await req('GET', '/api/conta-a-receber/paginado?ordenarPor=vencimento&ordem=desc')).json();
    expect(ordenada.itens[0].vencimento).toBe('2099-04-10');
    const put = await req('PUT', `/api/conta-a-receber/${id}`, conta({ valorPrevisto: '35.50' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().valorPrevisto).toBe('35.50');
    expect((await req('GET', `/api/conta-a-receber/${id}`)).json().valorPrevisto).toBe('35.50');
  });

  it('sums the filtered set for the totals row and exports it, in scope only', async () => {
    const a = await criarConta({ mesCompetencia: 7, vencimento: '2098-07-10', valorPrevisto: '10.25' });
    const b = await criarConta({ mesCompetencia: 8, vencimento: '2098-08-10', valorPrevisto: '1250.50' });
    await criarConta({ mesCompetencia: 7, vencimento: '2098-07-15', valorPrevisto: '99.00' }, admin);
    const filtro = 'vencimentoDe=2098-07-01&vencimentoAte=2098-08-31';
    const lista = await req('GET', `/api/conta-a-receber/paginado?${filtro}&quantidade=1`);
    expect(lista.statusCode, lista.body).toBe(200);
    // The whole filtered set, not only the page, and nothing of another organization's.
    expect(lista.json()).toMatchObject({ total: 2, totais: { valorPrevisto: '1260.75', valorPago: '0.00' } });

    const csv = await req('GET', `/api/conta-a-receber/exportar?${filtro}&formato=csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/filename="contas-a-receber-.*\.csv"/);
    const linhas = csv.body.trim().split('\r\n');
    expect(linhas[0]).toContain('Vencimento');
    expect(linhas.slice(1).map((l) => Number(l.split(';')[0]))).toEqual([a.id, b.id]);
    expect(linhas[1]).toContain('07/2099');
    expect(linhas[1]).toContain('Em aberto');

    const invertido = await req(
      'GET',
      '/api/conta-a-receber/exportar?vencimentoDe=2098-08-31&vencimentoAte=2098-07-01',
    );
    expect(invertido.statusCode).toBe(400);
    expect((await req('GET', `/api/conta-a-receber/exportar?${filtro}`, undefined, paroquia)).statusCode).toBe(403);
  });

  it('refuses a bad month, a day the month lacks, both or no holder and an inverted due range', async () => {
    const mes = await req('POST', '/api/conta-a-receber', conta({ mesCompetencia: 13 }));
    expect(mes.statusCode).toBe(400);
    expect(mes.json().campos[0].campo).toBe('mesCompetencia');
    const dia = await req('POST', '/api/conta-a-receber', conta({ vencimento: '2099-02-30' }));
    expect(dia.statusCode).toBe(400);
    expect(dia.json().campos[0]).toMatchObject({ campo: 'vencimento', mensagem: 'O dia informado não existe no mês.' });
    const ambos = await req('POST', '/api/conta-a-receber', conta({ organizacaoTitularId: 1 }));
    expect(ambos.statusCode).toBe(400);
    expect(ambos.json().campos[0]).toMatchObject({
      campo: 'pessoaId',
      mensagem: 'Preencha uma pessoa ou uma organização.',
    });
    const nenhum = await req('POST', '/api/conta-a-receber', conta({ pessoaId: null }));
    expect(nenhum.statusCode).toBe(400);
    const faixa = await req('GET', '/api/conta-a-receber/paginado?vencimentoDe=2099-03-10&vencimentoAte=2099-03-01');
    expect(faixa.statusCode).toBe(400);
    expect(faixa.json().campos[0].campo).toBe('vencimentoAte');
  });

  it('answers 403 without the financial permission and 404 outside the scope', async () => {
    expect((await req('GET', '/api/conta-a-receber/paginado', undefined, paroquia)).statusCode).toBe(403);
    expect((await req('POST', '/api/conta-a-receber', conta(), paroquia)).statusCode).toBe(403);
    expect((await req('POST', '/api/cobranca', { contaAReceberId: id, forma: 'PIX' }, paroquia)).statusCode).toBe(403);
    const nacional = await criarConta({}, admin);
    expect((await req('GET', `/api/conta-a-receber/${nacional.id}`)).statusCode).toBe(404);
    expect((await req('PUT', `/api/conta-a-receber/${nacional.id}`, conta())).statusCode).toBe(404);
    expect((await req('DELETE', `/api/conta-a-receber/${nacional.id}`)).statusCode).toBe(404);
    // A charge names the receivable in its body: one outside the scope is a 400 on that field.
    const cobranca = await cobrar(nacional.id);
    expect(cobranca.statusCode).toBe(400);
    expect(cobranca.json().campos[0].campo).toBe('contaAReceberId');
    const lista = (await req('GET', '/api/conta-a-receber/paginado?quantidade=500')).json();
    expect(lista.itens.map((x: { id: number }) => x.id)).not.toContain(nacional.id);
  });

  it('deletes by marking excluded, and records the history', async () => {
    const c = await criarConta();
    const del = await req('DELETE', `/api/conta-a-receber/${c.id}`);
    expect(del.statusCode, del.body).toBe(200);
    expect((await obter(c.id)).status).toBe('EXCLUIDO');
    expect((await req('PUT', `/api/conta-a-receber/${c.id}`, conta())).statusCode).toBe(409);
    const historico = await t.banco.db
      .select()
      .from(schema.historicoAlteracao)
      .where(eq(schema.historicoAlteracao.entidadeId, c.id));
    expect(historico.some((h) => h.entidade === 'conta_a_receber' && h.campo === 'status')).toBe(true);
  });
});

describe('excluded and cancelled receivables (issue 17 items 6, 7)', () => {
  it('an excluded receivable is in no list or total unless asked for', async () => {
    const filtro = `pessoaId=${comCpf}&anoCompetencia=2098`;
    const [a, b] = [await criarConta({ anoCompetencia: 2098 }), await criarConta({ anoCompetencia: 2098 })];
    expect((await req('DELETE', `/api/conta-a-receber/${b.id}`)).statusCode).toBe(200);
    const lista = (await req('GET', `/api/conta-a-receber/paginado?${filtro}`)).json();
    expect(lista.itens.map((c: { id: number }) => c.id)).toEqual([a.id]);
    expect(lista).toMatchObject({ total: 1, totais: { valorPrevisto: '30.00' } });
    const todas = (await req('GET', `/api/conta-a-receber/paginado?${filtro}&incluirExcluidos=true`)).json();
    expect(todas).toMatchObject({ total: 2, totais: { valorPrevisto: '60.00' } });
    const relatorio = await req(
      'GET',
      `/api/relatorio-contas-receber?pessoaId=${comCpf}&competenciaDe=2098-01&competenciaAte=2098-12`,
    );
    expect(relatorio.statusCode, relatorio.body).toBe(200);
    expect(relatorio.json().totais).toMatchObject({ quantidade: 1, previsto: '30.00' });
  });

  it('cancels a receivable with its reason; a charged one is refused', async () => {
    const c = await criarConta();
    expect((await req('POST', `/api/conta-a-receber/${c.id}/cancelar`, { motivo: '' })).statusCode).toBe(400);
    const r = await req('POST', `/api/conta-a-receber/${c.id}/cancelar`, { motivo: 'Lançada em duplicidade' });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ status: 'CANCELADO', motivoCancelamento: 'Lançada em duplicidade' });
    const de = await req('POST', `/api/conta-a-receber/${c.id}/cancelar`, { motivo: 'De novo' });
    expect(de.statusCode).toBe(409);
  });
});

describe('kept totals (ADR 0027)', () => {
  /** The kept rows against the receivables summed now: both ways, rows of nothing left out. */
  const divergencias = async () =>
    (
      (await t.banco.db.execute(sql`with agora as (
          select organizacao_id, status, ano_competencia, mes_competencia, date_trunc('month', vencimento)::date as mes,
            count(*)::int as n, sum(valor_previsto) as previsto, coalesce(sum(valor_pago), 0) as pago
          from conta_a_receber group by 1, 2, 3, 4, 5),
        mantidos as (select organizacao_id, status, ano_competencia, mes_competencia, mes_vencimento as mes,
            quantidade as n, valor_previsto as previsto, valor_pago as pago
          from conta_a_receber_total where quantidade <> 0 or valor_previsto <> 0 or valor_pago <> 0)
        (select * from agora except select * from mantidos) union all (select * from mantidos except select * from agora)`)) as unknown as {
        rows: unknown[];
      }
    ).rows;

  it('follow every write, and the list answers from them what the rows sum', async () => {
    const a = await criarConta({ mesCompetencia: 7, vencimento: '2099-07-05', valorPrevisto: '12.50' });
    const b = await criarConta({ mesCompetencia: 7, vencimento: '2099-07-20', valorPrevisto: '40.00' });
    await criarConta({ mesCompetencia: 8, vencimento: '2099-08-05', valorPrevisto: '7.25' });
    const pago = await req('POST', '/api/pagamento', {
      contaAReceberId: a.id,
      valor: '12.50',
      dataPagamento: '2099-07-05',
      dataCredito: '2099-07-05',
      forma: 'DINHEIRO',
    });
    expect(pago.statusCode, pago.body).toBe(201);
    expect(
      (
        await req(
          'PUT',
          `/api/conta-a-receber/${b.id}`,
          conta({ id: b.id, mesCompetencia: 8, vencimento: '2099-08-20', valorPrevisto: '41.00' }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await req('DELETE', `/api/conta-a-receber/${b.id}`)).statusCode).toBe(200);
    expect(await divergencias()).toEqual([]);

    // Whole months due: from the kept totals; inside a month: from the rows; the same answer.
    const lista = async (consulta: string) =>
      (await req('GET', `/api/conta-a-receber/paginado?pagina=1&quantidade=5&${consulta}`)).json();
    const julho = await lista('vencimentoDe=2099-07-01&vencimentoAte=2099-07-31');
    const exato = await lista('vencimentoDe=2099-07-02&vencimentoAte=2099-07-31');
    expect(julho).toMatchObject({ total: 1, totais: { valorPrevisto: '12.50', valorPago: '12.50' } });
    expect(exato).toMatchObject({ total: 1, totais: julho.totais });
    // A page past the end still carries the whole set's totals.
    for (const consulta of [
      'vencimentoDe=2099-07-01&vencimentoAte=2099-07-31',
      'vencimentoDe=2099-07-02&vencimentoAte=2099-07-31',
    ])
      expect(
        (await req('GET', `/api/conta-a-receber/paginado?pagina=2&quantidade=5&${consulta}`)).json(),
      ).toMatchObject({ itens: [], total: 1, totais: julho.totais });
    const tudo = await lista('anoCompetencia=2099&mesCompetencia=8');
    const tudoExato = await lista(`anoCompetencia=2099&mesCompetencia=8&pessoaId=${comCpf}`);
    expect(tudo).toMatchObject({ total: tudoExato.total, totais: tudoExato.totais });
    expect(await lista('anoCompetencia=2099&mesCompetencia=8&incluirExcluidos=true')).toMatchObject({
      total: tudo.total + 1,
    });
  });
});

describe('kept totals rolled up the tree (ADR 0027, addendum)', () => {
  const linhas = async <T>(q: ReturnType<typeof sql>) =>
    ((await t.banco.db.execute(q)) as unknown as { rows: T[] }).rows;

  /** Every organization's subtree from the kept rows (its own plus those rolled up) against its receivables summed now. */
  const divergencias = () =>
    linhas(sql`with agora as (
        select a.id, c.status, c.ano_competencia, c.mes_competencia, date_trunc('month', c.vencimento)::date as mes,
          count(*)::int as n, sum(c.valor_previsto) as previsto, coalesce(sum(c.valor_pago), 0) as pago
        from organizacao a join organizacao o on o.caminho like a.caminho || '%'
          join conta_a_receber c on c.organizacao_id = o.id
        group by 1, 2, 3, 4, 5),
      mantidos as (
        select organizacao_id as id, status, ano_competencia, mes_competencia, mes_vencimento as mes,
          sum(quantidade)::int as n, sum(valor_previsto) as previsto, sum(valor_pago) as pago
        from (select organizacao_id, status, ano_competencia, mes_competencia, mes_vencimento, quantidade, valor_previsto, valor_pago
            from conta_a_receber_total
          union all select organizacao_id, status, ano_competencia, mes_competencia, mes_vencimento, quantidade, valor_previsto, valor_pago
            from conta_a_receber_total_arvore) k
        group by 1, 2, 3, 4, 5 having sum(quantidade) <> 0 or sum(valor_previsto) <> 0 or sum(valor_pago) <> 0)
      (select * from agora except select * from mantidos) union all (select * from mantidos except select * from agora)`);

  /** The list's totals for a user against a plain sum over the receivables of the user's organization's subtree. */
  const confere = async ([token, organizacaoId]: [string, number], consulta = '', onde = sql`true`) => {
    const lista = (await req('GET', `/api/conta-a-receber/paginado?quantidade=1&${consulta}`, undefined, token)).json();
    const [soma] = await linhas<{ n: number; previsto: string; pago: string }>(sql`select count(*)::int as n,
        coalesce(sum(c.valor_previsto), 0)::numeric(16, 2)::text as previsto, coalesce(sum(c.valor_pago), 0)::numeric(16, 2)::text as pago
      from conta_a_receber c join organizacao o on o.id = c.organizacao_id
      where o.caminho like (select caminho from organizacao where id = ${organizacaoId}) || '%'
        and c.status <> 'EXCLUIDO' and ${onde}`);
    expect(lista).toMatchObject({ total: soma!.n, totais: { valorPrevisto: soma!.previsto, valorPago: soma!.pago } });
    return soma!;
  };
  let usuarios: [string, number][];
  const confereTudo = async () => {
    expect(await divergencias()).toEqual([]);
    for (const usuario of usuarios) {
      await confere(usuario);
      await confere(
        usuario,
        'vencimentoDe=2097-05-01&vencimentoAte=2097-06-30',
        sql`c.vencimento between '2097-05-01' and '2097-06-30'`,
      );
      await confere(usuario, 'status=PAGO&anoCompetencia=2097', sql`c.status = 'PAGO' and c.ano_competencia = 2097`);
    }
  };

  it('a wide scope sums its subtree exactly after inserts, updates, exclusions and a move; own only its own', async () => {
    // One statement inserting two receivables for every organization of the tree, every level.
    await t.banco.db.execute(sql`insert into conta_a_receber (organizacao_id, pessoa_id, tipo, mes_competencia,
        ano_competencia, vencimento, valor_previsto, status)
      select o.id, ${comCpf}, 'CONTRIBUICAO', m, 2097, make_date(2097, m, 10), (o.id * 3 + m)::numeric / 4, 'ABERTO'
      from organizacao o cross join generate_series(5, 6) m`);
    const a = await criarConta({
      anoCompetencia: 2097,
      mesCompetencia: 5,
      vencimento: '2097-05-20',
      valorPrevisto: '80.10',
    });
    const b = await criarConta({
      anoCompetencia: 2097,
      mesCompetencia: 6,
      vencimento: '2097-06-20',
      valorPrevisto: '15.00',
    });
    const [raiz] = await linhas<{ id: number }>(sql`select id from organizacao where nivel = 0 order by id limit 1`);
    // The administrator sees the whole church, the treasurer the parish's subtree.
    usuarios = [
      [admin, raiz!.id],
      [tesouraria, a.organizacaoId],
    ];
    const antes = await confere(usuarios[0]!);
    await confereTudo();

    // A payment (status and amount paid), an edit of the amount and month, an exclusion.
    const pago = await req('POST', '/api/pagamento', {
      contaAReceberId: a.id,
      valor: '80.10',
      dataPagamento: '2097-05-20',
      dataCredito: '2097-05-20',
      forma: 'DINHEIRO',
    });
    expect(pago.statusCode, pago.body).toBe(201);
    const put = await req(
      'PUT',
      `/api/conta-a-receber/${b.id}`,
      conta({ anoCompetencia: 2097, mesCompetencia: 5, vencimento: '2097-05-25', valorPrevisto: '17.35' }),
    );
    expect(put.statusCode, put.body).toBe(200);
    expect((await req('DELETE', `/api/conta-a-receber/${b.id}`)).statusCode).toBe(200);
    // A set-based update over many owners at once (as the overdue job and the batches write).
    await t.banco.db.execute(sql`update conta_a_receber set status = 'VENCIDO', valor_previsto = valor_previsto + 1
      where ano_competencia = 2097 and mes_competencia = 6 and status = 'ABERTO'`);
    expect((await confere(usuarios[0]!)).n).toBe(antes.n - 1);
    await confereTudo();

    // A parish with its receivables moved under another synod and back, as the organizations' move writes it.
    const [movida] = await linhas<{ id: number; caminho: string; outro: string }>(sql`select o.id, o.caminho,
        (select s.caminho from organizacao s where s.nivel = 1 and s.caminho <> p.caminho order by s.id limit 1) as outro
      from organizacao o join organizacao p on p.id = o.organizacao_pai_id
      where o.nivel = 2 and exists (select 1 from organizacao s where s.nivel = 1 and s.caminho <> p.caminho)
      order by o.id limit 1`);
    expect(movida?.outro).toBeTruthy();
    const mover = (de: string, para: string) =>
      t.banco.db.execute(
        sql`update organizacao set caminho = ${para} || substr(caminho, ${de.length + 1}::int) where caminho like ${`${de}%`}`,
      );
    const novo = `${movida!.outro}${movida!.id}/`;
    await mover(movida!.caminho, novo);
    await confereTudo();
    await mover(novo, movida!.caminho);
    await confereTudo();

    // Own organization only: the treasurer's own receivables, none of the subtree's.
    const somentePropria = async (sim: boolean) => {
      await t.banco.db.execute(sql`update perfil_permissao set somente_propria_organizacao = ${sim}
        where acesso = 'ContaAReceber' and perfil_id = (select id from perfil where nome = 'Tesouraria')`);
      await t.banco.db.execute(sql`update perfil set versao = versao + 1 where nome = 'Tesouraria'`);
    };
    await somentePropria(true);
    const propria = (await req('GET', '/api/conta-a-receber/paginado?quantidade=1')).json();
    const [soma] = await linhas<{ n: number; previsto: string; subarvore: number }>(sql`select count(*)::int as n,
        sum(valor_previsto)::numeric(16, 2)::text as previsto,
        (select count(*)::int from conta_a_receber c join organizacao o on o.id = c.organizacao_id
          where o.caminho like (select caminho from organizacao where id = ${a.organizacaoId}) || '%' and c.status <> 'EXCLUIDO') as subarvore
      from conta_a_receber where organizacao_id = ${a.organizacaoId} and status <> 'EXCLUIDO'`);
    expect(soma!.subarvore).toBeGreaterThan(soma!.n);
    expect(propria).toMatchObject({ total: soma!.n, totais: { valorPrevisto: soma!.previsto } });
    await somentePropria(false);
  });
});
