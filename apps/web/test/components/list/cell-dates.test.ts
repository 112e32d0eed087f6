import { describe, expect, it } from 'vitest';
import { CATALOGS } from '@goc/contracts';
import { displayText } from '../../../src/components/list/cell-value';
import { listColumns } from '../../../src/components/list/list-columns';

/*
 * Cells read dates as the API filters and exports them: instants on Mexico City's clock, days as they
 * are. The suite runs under America/Hermosillo and UTC (vite.config.ts), where the browser's own clock
 * would show other days near midnight.
 */

const createdAt = listColumns(CATALOGS.units).find((c) => c.field.name === 'createdAt')!.field;
const hireDate = CATALOGS.employees.fields.find((f) => f.name === 'hireDate')!;

describe('date cells', () => {
  it('show an instant on the Mexico City clock, whatever the browser zone', () => {
    // 23:30 on Sunday in Mexico City is already Monday in UTC.
    expect(displayText(createdAt, '2026-11-23T05:30:00.000Z')).toBe('22/11/26 23:30');
    // 00:30 on Monday in Mexico City is still Sunday in Hermosillo.
    expect(displayText(createdAt, '2026-11-23T06:30:00.000Z')).toBe('23/11/26 00:30');
  });

  it('show a calendar day as that day, dd/mm/yy', () => {
    expect(displayText(hireDate, '2026-01-05')).toBe('05/01/26');
  });
});
