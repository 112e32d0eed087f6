import { useState } from 'react';
import { Avatar } from 'primereact/avatar';
import { CATALOGS, isDisplayableImageUrl, nssWarning, type ResourceField } from '@goc/contracts';
import { AppDialog } from '../../components/app-dialog';
import { DocumentsPanel } from '../../components/attachments/documents-panel';
import { CellValue } from '../../components/list/cell-value';
import type { ResourceRow } from '../../components/list/resource-types';

const employees = CATALOGS.employees;
const str = (value: unknown) => (typeof value === 'string' ? value : '');

/** 'Ana López' → 'AL'. */
export function employeeInitials(row: Record<string, unknown>): string {
  return `${str(row.firstName).trim().charAt(0)}${str(row.lastName).trim().charAt(0)}`.toLocaleUpperCase('es-MX');
}

export function employeeFullName(row: Record<string, unknown>): string {
  return [row.firstName, row.lastName, row.secondLastName].filter((part) => typeof part === 'string' && part.trim() !== '').join(' ');
}

/** docs/product.md "Configuration catalogues": the photo only when its URL starts with http (and it loads); the initials otherwise. */
function EmployeePhoto({ row }: { row: ResourceRow }) {
  const url = str(row.photoUrl);
  const [failed, setFailed] = useState(false);
  if (isDisplayableImageUrl(url) && !failed) {
    return <Avatar image={url} imageAlt={employeeFullName(row)} shape="circle" size="xlarge" onImageError={() => setFailed(true)} className="shrink-0" />;
  }
  return (
    <Avatar
      label={employeeInitials(row)}
      shape="circle"
      size="xlarge"
      className="shrink-0 bg-blue-100 font-semibold text-blue-700"
      aria-label={`Iniciales de ${employeeFullName(row)}`}
    />
  );
}

const field = (name: string): ResourceField | undefined => employees.fields.find((f) => f.name === name);

/** Fields shown as label / value pairs, in reading order. */
const DETAIL_FIELDS = ['employeeNumber', 'position', 'companyId', 'workId', 'curp', 'rfc', 'nss', 'email', 'phone', 'hireDate', 'dailySalary', 'sdi'];

/** The employee details dialog, opened from a row of the employees list. */
export function EmployeeDetailsDialog({ row, onHide }: { row: ResourceRow; onHide: () => void }) {
  const statusField = field('status');
  const warning = nssWarning(str(row.nss));
  return (
    <AppDialog visible onHide={onHide} header="Detalles del empleado" style={{ width: '40rem' }}>
      <div className="flex flex-col gap-5">
        <div className="flex items-center gap-4">
          <EmployeePhoto row={row} />
          <div className="flex min-w-0 flex-col gap-1">
            <h3 className="m-0 truncate text-lg font-semibold">{employeeFullName(row)}</h3>
            <div className="flex flex-wrap items-center gap-2 text-sm text-(--text-color-secondary)">
              {str(row.position) && <span>{str(row.position)}</span>}
              {statusField && <CellValue field={statusField} row={row} />}
            </div>
          </div>
        </div>
        <dl className="m-0 grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
          {DETAIL_FIELDS.map((name) => {
            const declared = field(name);
            if (!declared) return null;
            return (
              <div key={name} className="min-w-0">
                <dt className="text-xs font-medium tracking-wide text-(--text-color-secondary) uppercase">{declared.label}</dt>
                <dd className="m-0 mt-0.5 break-words">
                  <CellValue field={declared} row={row} />
                  {name === 'nss' && warning && (
                    <small className="mt-1 flex items-start gap-1 text-amber-700">
                      <i className="pi pi-exclamation-triangle mt-0.5 text-xs" aria-hidden="true" />
                      {warning}
                    </small>
                  )}
                </dd>
              </div>
            );
          })}
        </dl>
        <DocumentsPanel resource="employees" recordId={row.id} />
      </div>
    </AppDialog>
  );
}
