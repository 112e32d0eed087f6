import { describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { CATALOGS, ROUTES } from '@goc/contracts';
import { CATALOG_PAGES } from '../../../src/features/catalogs/catalog-pages';
import { EmployeeDetailsDialog } from '../../../src/features/catalogs/employee-details-dialog';
import type { ResourceRow } from '../../../src/components/list/resource-types';
import { renderWithProviders } from '../../render-providers';

vi.setConfig({ testTimeout: 20_000 });

describe('catalogue pages', () => {
  it('every /catalogos route but Permisos has its declaration, and each declaration belongs to its route', () => {
    const catalogueRoutes = Object.entries(ROUTES)
      .filter(([key, route]) => route.path.startsWith('/catalogos/') && key !== 'permissions')
      .map(([key]) => key)
      .sort();
    expect(Object.keys(CATALOG_PAGES).sort()).toEqual(catalogueRoutes);
    for (const [key, page] of Object.entries(CATALOG_PAGES)) expect(CATALOGS[page!.catalog.key].route).toBe(key);
  });
});

const employee = (photoUrl: string | null): ResourceRow => ({
  id: 4,
  version: 1,
  createdAt: '2026-03-01T10:00:00.000Z',
  updatedAt: '2026-03-01T10:00:00.000Z',
  employeeNumber: 'E-104',
  firstName: 'Ana',
  lastName: 'López',
  secondLastName: 'Ruiz',
  curp: 'LOOA800101MDFPRN07',
  rfc: null,
  nss: '12345678901',
  position: 'Residente de obra',
  companyId: 3,
  company: { id: 3, label: 'Constructora Norte' },
  workId: null,
  work: null,
  email: null,
  phone: null,
  photoUrl,
  hireDate: '2024-02-05',
  dailySalary: 850,
  sdi: 890.4,
  status: 'activo',
  active: true,
});

function show(photoUrl: string | null) {
  renderWithProviders(<EmployeeDetailsDialog row={employee(photoUrl)} onHide={() => undefined} />);
  return screen.getByRole('dialog', { name: 'Detalles del empleado' });
}

describe('employee details dialog', () => {
  it('shows the photo when its URL starts with http', () => {
    const dialog = show('https://fotos.example.mx/ana.jpg');
    expect(dialog.querySelector('img')).toHaveAttribute('src', 'https://fotos.example.mx/ana.jpg');
    expect(dialog).toHaveTextContent('Ana López Ruiz');
    expect(dialog).toHaveTextContent('Constructora Norte');
    expect(dialog).toHaveTextContent('$850.00');
    expect(dialog).toHaveTextContent('05/02/24');
  });

  it('shows the initials otherwise (relative path, data URL or none)', () => {
    for (const url of ['/fotos/ana.jpg', 'data:image/png;base64,AAAA', null]) {
      const dialog = show(url);
      expect(dialog.querySelector('img')).toBeNull();
      expect(dialog).toHaveTextContent('AL');
      cleanup();
    }
  });

  it('warns about an NSS whose check digit does not match (12345678901: the digit should be 3)', () => {
    const dialog = show(null);
    expect(dialog).toHaveTextContent('NSS: el dígito verificador no coincide');
  });
});
