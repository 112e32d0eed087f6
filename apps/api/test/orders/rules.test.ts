import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '@goc/contracts';
import { ValidationError } from '../../src/lib/errors';
import { displayQuantity, fromUnits, lineAmount, orderTotal, toUnits } from '@goc/contracts';
import { applyDelivery, planPurchase } from '../../src/modules/orders/rules';

function refusal(run: () => unknown): Record<string, string> {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return error.fields ?? {};
    throw error;
  }
  throw new Error('se esperaba un rechazo');
}

describe('decimal units', () => {
  it('reads and writes fixed-scale decimals', () => {
    expect(toUnits('12.5', 3)).toBe(12500n);
    expect(toUnits('0.105', 3)).toBe(105n);
    expect(toUnits(2.15, 2)).toBe(215n);
    expect(toUnits('7', 2)).toBe(700n);
    expect(toUnits('1.2300', 2)).toBe(123n);
    expect(fromUnits(12500n, 3)).toBe('12.500');
    expect(fromUnits(5n, 2)).toBe('0.05');
    expect(fromUnits(-5n, 2)).toBe('-0.05');
    expect(() => toUnits('1.234', 2)).toThrow();
    expect(() => toUnits('abc', 2)).toThrow();
    expect(displayQuantity('12.500')).toBe('12.5');
    expect(displayQuantity('3.000')).toBe('3');
    expect(displayQuantity('1200')).toBe('1200');
  });

  it('round-trips any stored value', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n }), (units) => toUnits(fromUnits(units, 3), 3) === units));
  });
});

describe('amounts and totals', () => {
  it('rounds quantity × price to cents half away from zero, without float noise', () => {
    // In floating point 0.105 × 2.15 = 0.22574999999999998 and would round to 0.22.
    expect(lineAmount({ quantity: '0.105', unitPrice: '2.15' })).toBe('0.23');
    expect(lineAmount({ quantity: 1.005, unitPrice: 1 })).toBe('1.01');
    expect(lineAmount({ quantity: '3', unitPrice: '0.10' })).toBe('0.30');
    expect(lineAmount({ quantity: '12.5', unitPrice: null })).toBeNull();
  });

  it('totals the priced lines, unpriced ones counting 0', () => {
    expect(
      orderTotal([
        { quantity: '0.1', unitPrice: '0.1' }, // 0.01
        { quantity: '0.2', unitPrice: '0.1' }, // 0.02
        { quantity: 3, unitPrice: null },
      ]),
    ).toBe('0.03');
    expect(orderTotal([])).toBe('0.00');
    expect(orderTotal([{ quantity: '999999999.999', unitPrice: '999.99' }])).toBe('999989999999.00');
  });

  it('agrees with exact arithmetic on any line', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: 10_000_000 }), (qMilli, pCents) => {
        const amount = lineAmount({ quantity: fromUnits(BigInt(qMilli), 3), unitPrice: fromUnits(BigInt(pCents), 2) });
        // Exact product in 10^-5 units, rounded half up to 10^-2.
        const exact = BigInt(qMilli) * BigInt(pCents);
        const expected = (exact + 500n) / 1000n;
        return amount === fromUnits(expected, 2);
      }),
    );
  });
});

describe('deliveries', () => {
  const lines = [
    { id: 1, quantity: '10.000', receivedQuantity: '0.000', unit: 'm3' },
    { id: 2, quantity: '4.5', receivedQuantity: '1.5', unit: 'pza' },
  ];

  it('adds this delivery to the earlier ones and calls it partial while something is missing', () => {
    expect(applyDelivery(lines, [{ lineId: 1, quantity: 6 }])).toEqual({
      status: 'entregado_parcial',
      lines: [{ id: 1, receivedQuantity: '6.000' }],
    });
  });

  it('calls it complete when every line has all of its quantity, whatever target was asked', () => {
    expect(
      applyDelivery(lines, [
        { lineId: 1, quantity: 10 },
        { lineId: 2, quantity: 3 },
      ]),
    ).toEqual({
      status: 'entregado',
      lines: [
        { id: 1, receivedQuantity: '10.000' },
        { id: 2, receivedQuantity: '4.500' },
      ],
    });
    const second = [{ id: 1, quantity: '0.3', receivedQuantity: '0.1' }];
    // 0.1 + 0.2 is 0.30000000000000004 in floating point; here it completes the line.
    expect(applyDelivery(second, [{ lineId: 1, quantity: 0.2 }]).status).toBe('entregado');
  });

  it('refuses a cumulative quantity above the ordered one, on the offending entry', () => {
    expect(refusal(() => applyDelivery(lines, [{ lineId: 1, quantity: 1 }, { lineId: 2, quantity: 3.001 }]))).toEqual({
      'received.1.quantity': 'La cantidad recibida en total (4.501 pza) supera la pedida (4.5 pza)',
    });
    expect(ORDER_MESSAGES.overDelivery('4.5 pza', '4.501 pza')).toBe('La cantidad recibida en total (4.501 pza) supera la pedida (4.5 pza)');
  });

  it('refuses lines of another order', () => {
    expect(refusal(() => applyDelivery(lines, [{ lineId: 99, quantity: 1 }]))).toEqual({ 'received.0.lineId': ORDER_MESSAGES.unknownLine });
  });
});

describe('purchase', () => {
  const order = {
    supplierId: null,
    lines: [
      { id: 1, quantity: '2.000', unitPrice: '100.00' },
      { id: 2, quantity: '0.105', unitPrice: null },
    ],
  };

  it('needs a supplier and a price on every line', () => {
    expect(refusal(() => planPurchase(order, {}))).toEqual({
      supplierId: 'Selecciona el proveedor de la compra',
      'lines.1.unitPrice': 'Indica el precio unitario de la partida antes de comprar',
    });
  });

  it('takes the supplier and the prices given with the purchase, and computes the new total', () => {
    expect(planPurchase(order, { supplierId: 4, prices: [{ lineId: 2, unitPrice: 2.15 }] })).toEqual({
      supplierId: 4,
      lines: [
        { id: 1, unitPrice: '100.00' },
        { id: 2, unitPrice: '2.15' },
      ],
      total: '200.23',
    });
    expect(planPurchase({ ...order, supplierId: 3, lines: [order.lines[0]!] }, { prices: [{ lineId: 1, unitPrice: 90 }] })).toEqual({
      supplierId: 3,
      lines: [{ id: 1, unitPrice: '90.00' }],
      total: '180.00',
    });
  });

  it('refuses clearing the supplier and pricing lines of another order', () => {
    expect(refusal(() => planPurchase({ ...order, supplierId: 3 }, { supplierId: null, prices: [{ lineId: 9, unitPrice: 1 }, { lineId: 2, unitPrice: 1 }] }))).toEqual({
      supplierId: ORDER_MESSAGES.supplierRequired,
      'prices.0.lineId': ORDER_MESSAGES.unknownLine,
    });
  });
});
