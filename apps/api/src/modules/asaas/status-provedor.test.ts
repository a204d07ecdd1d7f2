import { describe, expect, it } from 'vitest';
import { avanca, statusDaConta, statusDoEvento } from './status-provedor.js';

describe('provider status mapping', () => {
  it('maps statuses and the events that say more; an unknown status tells nothing', () => {
    expect(statusDoEvento('PAYMENT_RECEIVED', 'RECEIVED')).toBe('PAGO');
    expect(statusDoEvento('PAYMENT_CONFIRMED', 'CONFIRMED')).toBe('PAGO');
    expect(statusDoEvento('PAYMENT_UPDATED', 'RECEIVED_IN_CASH')).toBe('PAGO');
    expect(statusDoEvento('PAYMENT_OVERDUE', 'OVERDUE')).toBe('VENCIDO');
    expect(statusDoEvento('PAYMENT_DELETED', 'PENDING')).toBe('CANCELADO');
    expect(statusDoEvento('PAYMENT_REFUNDED', 'REFUNDED')).toBe('ESTORNADO');
    expect(statusDoEvento('PAYMENT_UPDATED', 'SOMETHING_NEW')).toBeNull();
  });

  it('moves forward or sideways; backwards only through a fresh undo event', () => {
    expect(avanca('ABERTO', 'PAGO', 'PAYMENT_RECEIVED', null, null)).toBe(true);
    expect(avanca('PAGO', 'VENCIDO', 'PAYMENT_OVERDUE', '2099-01-02 00:00:00', '2099-01-01 00:00:00')).toBe(false);
    expect(avanca('VENCIDO', 'PENDENTE', 'PAYMENT_UPDATED', null, null)).toBe(true);
    expect(avanca('PAGO', 'PAGO', 'PAYMENT_CONFIRMED', null, null)).toBe(false);
    expect(
      avanca('PAGO', 'ABERTO', 'PAYMENT_RECEIVED_IN_CASH_UNDONE', '2099-01-02 00:00:00', '2099-01-01 00:00:00'),
    ).toBe(true);
    expect(
      avanca('PAGO', 'ABERTO', 'PAYMENT_RECEIVED_IN_CASH_UNDONE', '2099-01-01 00:00:00', '2099-01-02 00:00:00'),
    ).toBe(false);
  });

  it('a receivable is paid when all its charges are, else the most urgent of them', () => {
    expect(statusDaConta([])).toBeNull();
    expect(statusDaConta(['PAGO', 'PAGO'])).toBe('PAGO');
    expect(statusDaConta(['PAGO', 'ABERTO'])).toBe('ABERTO');
    expect(statusDaConta(['PAGO', 'VENCIDO', 'ABERTO'])).toBe('VENCIDO');
    expect(statusDaConta(['PAGO', 'ESTORNADO'])).toBe('ESTORNADO');
  });
});
