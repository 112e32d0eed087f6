import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { APPROVAL_MESSAGES } from '@goc/contracts';
import { ApprovalsWidget } from '../../../src/features/orders/dashboard-cards';
import { fakeApi } from '../../crud/fake-api';
import { renderRoute } from '../../crud/render-route';

/* Pedidos por aprobar: each order with why it waits, a tap opening it in Histórico. */

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const card = { work: 'OB-2 Torre Norte', requiredDate: '2026-03-10', status: { code: 'enviado', name: 'Enviado', color: 'info' } };

describe('ApprovalsWidget', () => {
  it('shows each order’s reasons and links it to its detail in Histórico', () => {
    const overBudget = APPROVAL_MESSAGES.overBudget('Losas', 10_000);
    const overLimit = APPROVAL_MESSAGES.overLimit(1_000_000);
    const approvals = {
      pending: 2,
      total: 1_310_000,
      items: [
        { ...card, id: 7, folio: 'PED-000007', total: 1_200_000, limit: 1_000_000, reasons: [overLimit] },
        { ...card, id: 9, folio: 'PED-000009', total: 110_000, limit: null, reasons: [overBudget] },
      ],
    };
    dispose = renderRoute(<ApprovalsWidget part={approvals} />, '/', fakeApi({}).adapter).dispose;
    const limited = screen.getByRole('link', { name: /PED-000007/ });
    expect(limited).toHaveTextContent(overLimit);
    expect(limited).toHaveAttribute('href', '/pedidos/historico?q=PED-000007&ver=7');
    const budgeted = screen.getByRole('link', { name: /PED-000009/ });
    expect(budgeted).toHaveTextContent(overBudget);
    expect(budgeted).toHaveAttribute('href', '/pedidos/historico?q=PED-000009&ver=9');
  });
});
