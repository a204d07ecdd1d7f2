import { describe, expect, it } from 'vitest';
import { baldesDoPeriodo, periodoPedido } from './indicadores.js';

describe('baldesDoPeriodo', () => {
  it('cuts a month by day to its last ten days, the previous period the ten before', () => {
    const b = baldesDoPeriodo('2026-11-01', '2026-11-27', 0);
    expect(b).toMatchObject({ periodoDe: '2026-11-18', periodoAte: '2026-11-27', recortado: true });
    expect(b.atuais).toHaveLength(10);
    expect(b.atuais[0]).toEqual({ chave: '2026-11-18', de: '2026-11-18', ate: '2026-11-18' });
    expect(b).toMatchObject({ anteriorDe: '2026-11-08', anteriorAte: '2026-11-17' });
  });

  it('starts the first month at the period start and ends the last at its end', () => {
    const b = baldesDoPeriodo('2026-09-15', '2026-11-27', 1);
    expect(b.recortado).toBe(false);
    expect(b.atuais).toEqual([
      { chave: '2026-09', de: '2026-09-15', ate: '2026-09-30' },
      { chave: '2026-10', de: '2026-10-01', ate: '2026-10-31' },
      { chave: '2026-11', de: '2026-11-01', ate: '2026-11-27' },
    ]);
    expect(b.anteriores).toEqual([
      { chave: '2026-06', de: '2026-06-15', ate: '2026-06-30' },
      { chave: '2026-07', de: '2026-07-01', ate: '2026-07-31' },
      { chave: '2026-08', de: '2026-08-01', ate: '2026-08-27' },
    ]);
  });

  it('keeps the last ten years and compares with the ten before', () => {
    const b = baldesDoPeriodo('2000-01-01', '2026-02-28', 2);
    expect(b).toMatchObject({
      periodoDe: '2017-01-01',
      recortado: true,
      anteriorDe: '2007-01-01',
      anteriorAte: '2016-02-28',
    });
    expect(b.atuais.at(-1)).toEqual({ chave: '2026', de: '2026-01-01', ate: '2026-02-28' });
    expect(b.anteriores.at(-1)).toEqual({ chave: '2016', de: '2016-01-01', ate: '2016-02-28' });
  });

  it('a full month a shift earlier runs to that month end', () => {
    const b = baldesDoPeriodo('2026-11-01', '2026-11-30', 1);
    expect(b.anteriores).toEqual([{ chave: '2026-10', de: '2026-10-01', ate: '2026-10-31' }]);
  });
});

describe('periodoPedido', () => {
  it('fills the month so far, the month of a lone end, and a lone start ahead as one day', () => {
    expect(periodoPedido({}, '2026-11-27')).toEqual({ periodoDe: '2026-11-01', periodoAte: '2026-11-27' });
    expect(periodoPedido({ periodoAte: '2024-02-29' }, '2026-11-27')).toEqual({
      periodoDe: '2024-02-01',
      periodoAte: '2024-02-29',
    });
    expect(periodoPedido({ periodoDe: '2030-01-05' }, '2026-11-27')).toEqual({
      periodoDe: '2030-01-05',
      periodoAte: '2030-01-05',
    });
    expect(periodoPedido({ periodoDe: '2026-10-05' }, '2026-11-27')).toEqual({
      periodoDe: '2026-10-05',
      periodoAte: '2026-11-27',
    });
    for (const f of [{ periodoAte: '2024-02-29' }, { periodoDe: '2030-01-05' }]) {
      const p = periodoPedido(f, '2026-11-27');
      expect(baldesDoPeriodo(p.periodoDe, p.periodoAte, 0).atuais.length).toBeGreaterThan(0);
    }
  });
});
