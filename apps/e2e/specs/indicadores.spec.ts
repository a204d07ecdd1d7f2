import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { api } from '../fixtures/api.js';
import { criarPelaApi } from '../fixtures/formularios.js';
import { contagem, tabelaDo } from '../fixtures/graficos.js';
import { comPagina, linha, loginAs, usarNavegador, violacoesGraves } from '../fixtures/navegador.js';

const navegador = usarNavegador();
const hojeIso = new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

type Balde = { chave: string; de: string; ate: string };
type Pagina = { total: number };

/** An amount as pt-BR writes it ("R$ 1.234,50") back to the API's decimal string. */
const dinheiro = (s: string) => Number(s.replace(/[^\d,-]/g, '').replace(',', '.')).toFixed(2);

async function indicador<T>(p: Page, area: string) {
  const r = await api<T>(p, 'GET', `indicadores/${area}`);
  expect(r.status).toBe(200);
  return r.corpo;
}

describe('[INDICADORES] every indicator draws its charts, and its table says what the list behind it says', () => {
  it('[INDICADORES] worship, money and tickets over the same period as their cards', () =>
    comPagina(navegador, 'indicadores', async (p) => {
      const marca = Date.now().toString(36);
      await loginAs(p, 'admin');
      const organizacaoId = Number(await p.evaluate(() => localStorage.getItem('organizacaoLogadaId')));
      await criarPelaApi(p, 'culto', {
        organizacaoId,
        data: hojeIso,
        hora: '07:00',
        santaCeia: false,
        presentes: 7,
        destino: `Indicador ${marca}`,
      });

      // Worship: the table of services per bucket equals the indicator's series and, bucket by
      // bucket, the count of the services list over the bucket's days.
      await p.goto('/indicadores/cultos');
      const cultos = p.getByTestId('grafico-cultos');
      const linhasCultos = await tabelaDo(cultos);
      const ind = await indicador<{ cultos: number; serie: (Balde & { cultos: number })[] }>(p, 'cultos');
      expect(linhasCultos.map((l) => contagem(l[1]!))).toEqual(ind.serie.map((b) => b.cultos));
      for (const b of ind.serie) {
        const lista = await api<Pagina>(p, 'GET', `culto/paginado?periodoDe=${b.de}&periodoAte=${b.ate}&quantidade=1`);
        expect(lista.corpo.total, b.chave).toBe(b.cultos);
      }
      // The total row is the card's figure: both describe the same days.
      const total = (await cultos.locator('tfoot, .ant-table-summary').first().textContent()) ?? '';
      expect(total).toContain(String(ind.cultos));
      expect(await p.getByTestId('total-cultos-valor').textContent()).toBe(String(ind.cultos));
      expect(await violacoesGraves(p), 'worship indicator').toEqual([]);
      // A bucket's label opens the list of its days, where today's service is.
      await cultos.getByRole('button', { name: linhasCultos.at(-1)![0]! }).click();
      await p.waitForURL((u) => u.pathname === '/culto' && u.searchParams.get('periodoAte') === hojeIso, {
        waitUntil: 'commit',
      });
      await expect.poll(() => linha(p, `Indicador ${marca}`).count()).toBe(1);

      // Money: the table of money in per bucket equals the indicator's series (the offering posted).
      await p.goto('/indicadores/financeiros');
      const linhasEntradas = await tabelaDo(p.getByTestId('grafico-entradas'));
      const fin = await indicador<{ serie: (Balde & { entradas: string })[] }>(p, 'financeiros');
      expect(linhasEntradas.map((l) => dinheiro(l[1]!))).toEqual(fin.serie.map((b) => b.entradas));
      expect(await violacoesGraves(p), 'financial indicator').toEqual([]);

      // Tickets: per bucket, the general queue over the bucket's days counts what the table says.
      await p.goto('/indicadores/atendimentos');
      const linhasAtendimentos = await tabelaDo(p.getByTestId('grafico-serie'));
      const at = await indicador<{ serie: (Balde & { total: number })[] }>(p, 'atendimentos');
      expect(linhasAtendimentos.map((l) => contagem(l[1]!))).toEqual(at.serie.map((b) => b.total));
      for (const b of at.serie) {
        const lista = await api<Pagina>(
          p,
          'GET',
          `atendimento-solicitacoes-geral/paginado?periodoDe=${b.de}&periodoAte=${b.ate}&quantidade=1`,
        );
        expect(lista.corpo.total, b.chave).toBe(b.total);
      }
      await p.getByTestId('grafico-porStatus').getByTestId('grafico').locator('svg').first().waitFor();
      expect(await violacoesGraves(p), 'ticket indicator').toEqual([]);
    }));

  it("[INDICADORES] registrations: the demo congress's registrations over time, as the cards and the status chart count them", () =>
    comPagina(navegador, 'indicador-inscricoes', async (p) => {
      await loginAs(p, 'admin');
      await p.goto('/indicadores/inscricoes');
      const linhasTempo = await tabelaDo(p.getByTestId('grafico-tempo'));
      const ind = await indicador<{
        inscricoes: number;
        confirmadas: number;
        serie: (Balde & { novas: number })[];
        porStatus: { chave: string; total: number }[];
      }>(p, 'inscricoes');
      expect(ind.inscricoes).toBeGreaterThan(0);
      // The table of the chart is the series; the buckets add up to the card, which is the period's count.
      expect(linhasTempo.map((l) => contagem(l[1]!))).toEqual(ind.serie.map((b) => b.novas));
      expect(ind.serie.reduce((s, b) => s + b.novas, 0)).toBe(ind.inscricoes);
      expect(await p.getByTestId('total-inscricoes-valor').textContent()).toBe(ind.inscricoes.toLocaleString('pt-BR'));
      // The status chart counts the same registrations, and the confirmed ones as their card does.
      const linhasStatus = await tabelaDo(p.getByTestId('grafico-porStatus'));
      expect(linhasStatus.reduce((s, l) => s + contagem(l[1]!), 0)).toBe(ind.inscricoes);
      const doStatus = (chave: string) => ind.porStatus.find((s) => s.chave === chave)?.total ?? 0;
      // Confirmed seats: paid and courtesy ones.
      expect(doStatus('CONFIRMADA') + doStatus('CORTESIA')).toBe(ind.confirmadas);
      expect(await violacoesGraves(p), 'registrations indicator').toEqual([]);
    }));
});
