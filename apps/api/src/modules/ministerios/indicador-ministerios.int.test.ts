import { hojeNoBrasil } from '@sig/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { usarAppTeste } from '../../../test/app-teste.js';
import { organizacaoPorNome } from '../../../test/fabricas.js';

const t = usarAppTeste();
let admin: string;
let sinodo: string;
let paroquia: string;
let sinodoId: number;

const url = '/api/indicadores/ministerios';
const get = (q: string, token = sinodo) => t.req({ method: 'GET', url: `${url}${q}`, token });
const ano = Number(hojeNoBrasil().slice(0, 4));

beforeAll(async () => {
  [admin, sinodo, paroquia] = await t.logins('admin', 'sinodo', 'paroquia');
  sinodoId = await organizacaoPorNome(t.banco.db, 'Sínodo Rio dos Sinos');
});

describe('GET /api/indicadores/ministerios', () => {
  it('rolls the demo synod’s ministries and ministers up: the year, ten years, who did not report', async () => {
    const r = await get('');
    expect(r.statusCode, r.body).toBe(200);
    const d = r.json();
    expect(d.ano).toBe(ano);
    // The demo: 60 ministries, a tenth not reported this year, some that did not meet.
    expect(d.ministerios).toBe(60);
    expect(d.naoInformaram).toBe(6);
    expect(d.reuniram + d.naoReuniram + d.naoInformaram).toBe(60);
    expect(d.naoReuniram).toBeGreaterThan(0);
    expect(d.mediaPresentes).toBeGreaterThan(0);
    expect(d.participantesMasculinos + d.participantesFemininos).toBeGreaterThan(0);
    expect(d.anterior.naoInformaram).toBe(0);
    expect(d.serie.map((s: { chave: string }) => s.chave)).toEqual(
      Array.from({ length: 10 }, (_, i) => String(ano - 9 + i)),
    );
    expect(d.serie.at(-1)).toMatchObject({ ministerios: 60, naoInformaram: 6 });
    expect(d.serie[0]).toMatchObject({ naoInformaram: 60, reuniram: 0 });
    expect(d.porTipo.reduce((s: number, x: { total: number }) => s + x.total, 0)).toBe(60);
    expect(d.semRelatorio.reduce((s: number, x: { total: number }) => s + x.total, 0)).toBe(6);
    // The 40 demo ministers and their calls; some end within six months.
    expect(d.ministrosPorTipo.reduce((s: number, x: { total: number }) => s + x.total, 0)).toBeGreaterThanOrEqual(40);
    expect(d.ministrosPorChamado.map((x: { chave: string }) => x.chave).sort()).toEqual(
      expect.arrayContaining(['ATIVO', 'SEM_CHAMADO']),
    );
    expect(d.chamadosTerminando.length).toBeGreaterThan(0);
    for (const c of d.chamadosTerminando) expect(c.dataFimMandato >= hojeNoBrasil()).toBe(true);
  });

  it('takes the year from the period’s end and answers group types in the reader’s language', async () => {
    const r = await t.req({
      method: 'GET',
      url: `${url}?periodoDe=${ano - 1}-01-01&periodoAte=${ano - 1}-12-31&periodo=2`,
      token: sinodo,
      idioma: 'en',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ ano: ano - 1, ministerios: 60, naoInformaram: 0 });
    expect(r.json().porTipo.map((x: { chave: string }) => x.chave)).toContain('Choir');
  });

  it('refuses a period ending before it starts (400)', async () => {
    const r = await get(`?periodoDe=${ano}-05-01&periodoAte=${ano}-04-01`);
    expect(r.statusCode).toBe(400);
  });

  it('needs the indicator screen (403) and keeps organizations out of scope away (404)', async () => {
    expect((await get('', paroquia)).statusCode).toBe(403);
    const outro = await organizacaoPorNome(t.banco.db, 'Sínodo Paranapanema');
    expect((await get(`?organizacaoId=${outro}`)).statusCode).toBe(404);
    // The national church sees every synod's, the demo synod's among them.
    const tudo = (await get('', admin)).json();
    expect(tudo.ministerios).toBeGreaterThanOrEqual(60);
    expect((await get(`?organizacaoId=${sinodoId}`, admin)).json().ministerios).toBe(60);
  });
});
