import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiFalsa, montar, sessaoDeAdministrador, textos } from '../../../test/ambiente';
import { CartaoGrafico } from './CartaoGrafico';
import { CartaoKpi } from './CartaoKpi';
import { opcoesGrafico } from './opcoes';
import { csvDaTabela, linhasDaTabela } from './tabela';
import { type DadosGrafico, formatarValor, rotuloBalde, somar, variacao } from './tipos';

afterEach(cleanup);
beforeAll(() => textos('pt-BR'));

const OFERTAS: DadosGrafico = {
  formato: 'dinheiro',
  categorias: [
    { chave: '2026-10', rotulo: 'out. de 2026' },
    { chave: '2026-11', rotulo: 'nov. de 2026' },
  ],
  series: [
    { chave: 'atual', nome: 'Período atual', valores: ['1234.50', '0.10'] },
    { chave: 'anterior', nome: 'Período anterior', valores: ['1000.00', '0.20'], anterior: true },
  ],
};

describe('locale formatting', () => {
  it('writes money, counts and buckets as the reader reads them', () => {
    expect(formatarValor('1234.5', 'dinheiro', 'pt-BR').replace(/\s/g, ' ')).toBe('R$ 1.234,50');
    expect(formatarValor('1234.5', 'dinheiro', 'en')).toBe('R$1,234.50');
    expect(formatarValor(12345, 'numero', 'pt-BR')).toBe('12.345');
    expect(formatarValor(12345, 'numero', 'en')).toBe('12,345');
    expect(rotuloBalde('2026-11-16', 'pt-BR')).toBe('16/11/2026');
    expect(rotuloBalde('2026-11-16', 'en')).toBe('11/16/2026');
    expect(rotuloBalde('2026-11', 'pt-BR')).toBe('nov. de 2026');
    expect(rotuloBalde('2026-11', 'en')).toBe('Nov 2026');
    expect(rotuloBalde('2026', 'en')).toBe('2026');
  });

  it('sums money in cents and compares with the previous period', () => {
    expect(somar(['0.10', '0.20'], 'dinheiro')).toBe('0.30');
    expect(somar([1, 2, 3], 'numero')).toBe(6);
    expect(variacao(150, 100)).toBe(0.5);
    expect(variacao(5, 0)).toBeNull();
    expect(variacao(5, undefined)).toBeNull();
  });

  it('builds an option with ARIA, decals and the previous period quieter', () => {
    const o = opcoesGrafico('colunas', OFERTAS, 'pt-BR', 'Ofertas');
    expect(o.aria).toMatchObject({ enabled: true, decal: { show: true } });
    expect('series' in o && o.series.map((s) => s.data)).toEqual([
      [1234.5, 0.1],
      [1000, 0.2],
    ]);
    const rosca = opcoesGrafico('rosca', OFERTAS, 'en', 'Ofertas');
    expect(rosca.series[0]).toMatchObject({
      type: 'pie',
      data: [
        { name: 'out. de 2026', value: 1234.5 },
        { name: 'nov. de 2026', value: 0.1 },
      ],
    });
  });
});

describe('see as table', () => {
  it('shows the chart, then a table of the same numbers with its total, and back', async () => {
    apiFalsa([sessaoDeAdministrador()]);
    const aoClicar = vi.fn();
    montar(<CartaoGrafico titulo="Ofertas" tipo="colunas" dados={OFERTAS} aoClicar={aoClicar} />, '/lista');
    expect(await screen.findByTestId('grafico')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ver como tabela' }));
    expect(screen.queryByTestId('grafico')).toBeNull();
    const tabela = screen.getByRole('table');
    const linhas = within(tabela)
      .getAllByRole('row')
      .map((l) => l.textContent?.replace(/\s/g, ' '));
    expect(linhas).toEqual([
      'PeríodoPeríodo atualPeríodo anterior',
      'out. de 2026R$ 1.234,50R$ 1.000,00',
      'nov. de 2026R$ 0,10R$ 0,20',
      'TotalR$ 1.234,60R$ 1.000,20',
    ]);
    // The bucket's label opens what a click on its column opens.
    await userEvent.click(within(tabela).getByRole('button', { name: 'nov. de 2026' }));
    expect(aoClicar).toHaveBeenCalledWith(OFERTAS.categorias[1], OFERTAS.series[0]);
    expect(screen.getByRole('button', { name: 'Exportar Ofertas em CSV' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Ver como gráfico' }));
    expect(await screen.findByTestId('grafico')).toBeTruthy();
  });

  it('lets a keyboard reach the table when it scrolls sideways (a region in the tab order)', async () => {
    apiFalsa([sessaoDeAdministrador()]);
    montar(<CartaoGrafico titulo="Ofertas" tipo="colunas" dados={OFERTAS} />, '/lista');
    await userEvent.click(await screen.findByRole('button', { name: 'Ver como tabela' }));
    const regiao = screen.getByRole('region', { name: 'Ofertas' });
    expect(regiao.tabIndex).toBe(0);
    expect(within(regiao).getByRole('table')).toBeTruthy();
    // The region is the only scroller: a scrolling box inside it would be out of the keyboard's reach again.
    expect(regiao.querySelector('.ant-table-content[style*="overflow"]')).toBeNull();
  });

  it('exports the table as the lists export it, in each language', () => {
    const pt = csvDaTabela(linhasDaTabela(OFERTAS, 'Mês', 'Total', 'pt-BR'), 'pt-BR');
    expect(pt.replace(/\u00a0/g, ' ')).toBe(
      '\uFEFFMês;Período atual;Período anterior\r\nout. de 2026;R$ 1.234,50;R$ 1.000,00\r\n' +
        'nov. de 2026;R$ 0,10;R$ 0,20\r\nTotal;R$ 1.234,60;R$ 1.000,20\r\n',
    );
    const en = csvDaTabela(linhasDaTabela(OFERTAS, 'Month', null, 'en'), 'en');
    expect(en).toBe(
      '\uFEFFMonth,Período atual,Período anterior\r\nout. de 2026,"R$1,234.50","R$1,000.00"\r\nnov. de 2026,R$0.10,R$0.20\r\n',
    );
  });
});

describe('KPI card', () => {
  it('shows the figure, its change and links to the list behind it', async () => {
    apiFalsa([sessaoDeAdministrador()]);
    montar(
      <CartaoKpi
        titulo="Ofertas"
        valor="150.00"
        anterior="100.00"
        formato="dinheiro"
        para="/culto?periodoDe=2026-11-01"
        testId="kpi"
      />,
      '/lista',
    );
    expect((await screen.findByTestId('kpi-valor')).textContent?.replace(/\s/g, ' ')).toBe('R$ 150,00');
    expect(screen.getByTestId('kpi-variacao').textContent?.replace(/\s/g, ' ')).toContain(
      '+50% em relação ao período anterior (R$ 100,00)',
    );
    await userEvent.click(screen.getByRole('link'));
    expect(screen.getByTestId('endereco').textContent).toBe('/culto?periodoDe=2026-11-01');
  });
});
