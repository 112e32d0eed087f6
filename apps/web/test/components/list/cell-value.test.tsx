import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ordersResource } from '@goc/contracts';
import { CellValue, displayText } from '../../../src/components/list/cell-value';
import { STATUS_PALETTE } from '../../../src/lib/severity';

const statusField = ordersResource.fields.find((f) => f.name === 'statusId')!;
const row = { statusId: 4, status: { id: 4, code: 'comprado', name: 'Comprado', color: 'danger' } };

describe('a workflow status cell', () => {
  it('is a tag with the status name in its catalogue colour', () => {
    render(<CellValue field={statusField} row={row} />);
    expect(screen.getByText('Comprado').closest('.p-tag')).toHaveClass(...STATUS_PALETTE.danger.tag.split(' '));
  });

  it('reads as the status name in text (exports, history)', () => {
    expect(displayText(statusField, row.status)).toBe('Comprado');
  });
});
