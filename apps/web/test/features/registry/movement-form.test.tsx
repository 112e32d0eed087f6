import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FIELD_MESSAGES, formatDay, REGISTRY_MESSAGES } from '@goc/contracts';
import OfficeMovementCreatePage from '../../../src/features/registry/office-movement-create-page';
import { movementTexts } from '../../../src/features/registry/movement-texts';
import { permissionsFor, seedSession } from '../../fixtures';
import type { FakeReply } from '../../crud/fake-api';
import { choose } from '../../crud/prime';
import { renderRoute } from '../../crud/render-route';
import { LATE_DAY, movementsApi, TODAY } from './movement-fixtures';

vi.setConfig({ testTimeout: 60_000 });

let dispose: (() => void) | null = null;
afterEach(() => {
  dispose?.();
  dispose = null;
});

const CREATE_PATH = '/registro/oficina/create';
/** A field's label as read: the text, then its required mark or "(opcional)". */
const label = (text: string) => new RegExp(`^${text}\\s*(\\*|\\(opcional\\))?$`);
const input = (page: HTMLElement, text: string) => within(page).getByLabelText(label(text));
const queryInput = (page: HTMLElement, text: string) => within(page).queryByLabelText(label(text));
const save = (page: HTMLElement) => fireEvent.click(within(page).getByRole('button', { name: 'Guardar' }));

/** PrimeReact's calendar takes the whole day at once in jsdom. */
const typeDay = (page: HTMLElement, day: string) => fireEvent.input(input(page, 'Fecha efectiva'), { target: { value: formatDay(day).replace(/\/(\d\d)$/, '/20$1') } });

function open(routes: Parameters<typeof movementsApi>[0] = {}) {
  seedSession({ permissions: permissionsFor(['registry_office']) });
  const server = movementsApi(routes);
  const view = renderRoute(<OfficeMovementCreatePage />, CREATE_PATH, server.adapter);
  dispose = view.dispose;
  return { server, view, page: () => screen.findByRole('region', { name: 'Crear Oficina' }) };
}

describe('Crear Oficina: the movement form', () => {
  it('shows the fields of the chosen type: the cause only on a baja, the salary only on alta and modificación, never scope or work', async () => {
    const { page: findPage } = open();
    const page = await findPage();
    expect(queryInput(page, 'Ámbito')).toBeNull();
    expect(queryInput(page, 'Obra')).toBeNull();

    await choose(input(page, 'Tipo'), 'Baja');
    // Shown only when it applies, then required: its label says so.
    await waitFor(() => expect(within(page).getByText('Causa de baja').closest('label')).toHaveTextContent(/^Causa de baja\*$/));
    expect(queryInput(page, 'Salario diario')).toBeNull();
    expect(queryInput(page, 'SDI')).toBeNull();
    expect(within(page).queryByText(movementTexts.newEmployee)).toBeNull();

    await choose(input(page, 'Tipo'), 'Alta');
    await waitFor(() => expect(input(page, 'Salario diario')).toBeInTheDocument());
    expect(input(page, 'SDI')).toBeInTheDocument();
    expect(queryInput(page, 'Causa de baja')).toBeNull();
    expect(within(page).getByLabelText(movementTexts.newEmployee)).toBeInTheDocument();

    await choose(input(page, 'Tipo'), 'Modificación de salario');
    await waitFor(() => expect(within(page).queryByLabelText(movementTexts.newEmployee)).toBeNull());
    expect(input(page, 'SDI')).toBeInTheDocument();
  });

  it('an alta with "Empleado nuevo" swaps the picker for the employee fields, checked with the catalogue rules, and posts them as employee', async () => {
    const { page: findPage, server, view } = open();
    const page = await findPage();
    await choose(input(page, 'Tipo'), 'Alta');
    fireEvent.click(await within(page).findByLabelText(movementTexts.newEmployee));
    const section = await within(page).findByRole('group', { name: movementTexts.newEmployeeTitle });
    expect(queryInput(page, 'Empleado')).toBeNull();

    await userEvent.type(input(section, 'Número de empleado'), 'E-100');
    await userEvent.type(input(section, 'Nombre\\(s\\)'), 'María');
    await userEvent.type(input(section, 'Apellido paterno'), 'Hernández');
    await userEvent.type(input(section, 'CURP'), 'NOESUNACURP');
    await userEvent.type(input(section, 'NSS'), '04199234560');
    await choose(input(page, 'Empresa'), 'Constructora Norte');
    typeDay(page, TODAY);
    await choose(input(page, 'Tipo de trabajador'), 'Permanente');
    await userEvent.type(input(page, 'Salario diario'), '400');
    await userEvent.type(input(page, 'SDI'), '420');
    save(page);
    // The CURP is refused next to its input, by the catalogue's own rule, before anything is sent.
    await waitFor(() => expect(input(section, 'CURP')).toHaveAttribute('aria-invalid', 'true'));
    expect(server.calls('POST', '/registry/movements')).toHaveLength(0);

    await userEvent.clear(input(section, 'CURP'));
    await userEvent.type(input(section, 'CURP'), 'LOOA800101MDFPRN07');
    save(page);
    await waitFor(() => expect(server.calls('POST', '/registry/movements')).toHaveLength(1));
    const body = server.calls('POST', '/registry/movements')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      type: 'alta',
      scope: 'oficina',
      companyId: 3,
      effectiveDate: TODAY,
      workerType: 'permanente',
      dailySalary: 400,
      sdi: 420,
      employee: { employeeNumber: 'E-100', firstName: 'María', lastName: 'Hernández', curp: 'LOOA800101MDFPRN07' },
    });
    expect(body).not.toHaveProperty('employeeId');
    expect(body).not.toHaveProperty('bajaReason');
    expect(body).not.toHaveProperty('workId');
    // Back on the list, with the toast.
    await waitFor(() => expect(view.router.state.location.pathname).toBe('/registro/oficina'));
    expect(await screen.findByText('Movimiento creado')).toBeInTheDocument();
  });

  it('shows the minimum wage and 25 UMA in force on the effective date next to the SDI, and a below-minimum SDI message', async () => {
    const { page: findPage } = open();
    const page = await findPage();
    await choose(input(page, 'Tipo'), 'Alta');
    typeDay(page, TODAY);
    // 2026 from February: 315.04 and 25 × 117.31.
    expect(await within(page).findByText(movementTexts.sdiBounds(315.04, 2932.75, TODAY))).toBeInTheDocument();

    // A day of 2025 reads that year's row.
    typeDay(page, '2025-06-02');
    expect(await within(page).findByText(movementTexts.sdiBounds(278.8, 2828.5, '2025-06-02'))).toBeInTheDocument();

    typeDay(page, TODAY);
    await userEvent.type(input(page, 'Salario diario'), '250');
    await userEvent.type(input(page, 'SDI'), '260');
    expect(await within(page).findByText(REGISTRY_MESSAGES.sdiBelowMinimum(315.04))).toBeInTheDocument();
    await userEvent.clear(input(page, 'SDI'));
    await userEvent.type(input(page, 'SDI'), '330');
    await waitFor(() => expect(within(page).queryByText(REGISTRY_MESSAGES.sdiBelowMinimum(315.04))).toBeNull());
  });

  it('warns "Fuera de plazo" when the effective date is more than 5 business days before today, without refusing it', async () => {
    const { page: findPage } = open();
    const page = await findPage();
    typeDay(page, LATE_DAY);
    expect(await within(page).findByText(movementTexts.lateWarning)).toBeInTheDocument();
    typeDay(page, TODAY);
    await waitFor(() => expect(within(page).queryByText(movementTexts.lateWarning)).toBeNull());
  });

  it('a baja offers active employees, takes the company of the one picked, posts it with its cause and no salary; the server’s field messages land next to their inputs', async () => {
    const refusal: FakeReply = {
      status: 400,
      data: { statusCode: 400, error: 'Bad Request', message: 'Revisa los campos marcados', fields: { employeeId: REGISTRY_MESSAGES.bajaOfInactive } },
    };
    const { page: findPage, server } = open({ 'POST /registry/movements': () => refusal });
    const page = await findPage();
    await choose(input(page, 'Tipo'), 'Baja');
    save(page);
    expect((await within(page).findAllByText(FIELD_MESSAGES.required)).length).toBeGreaterThan(0);

    await choose(input(page, 'Empleado'), 'Luis Gómez Ruiz');
    const searches = server.calls('GET', '/employees/options').filter((c) => c.params.ids === undefined);
    // Before a type is chosen every employee is offered; a baja asks for the active ones.
    expect(searches.some((c) => c.params.filter === 'activo')).toBe(true);
    expect(searches.every((c) => c.params.filter === undefined || c.params.filter === 'activo')).toBe(true);
    // Picking the employee files the movement under their company, with the worker type of their latest movement.
    await waitFor(() => expect(input(page, 'Empresa').closest('.flex-col')).toHaveTextContent('Constructora Norte'));
    expect(input(page, 'Tipo de trabajador').closest('.flex-col')).toHaveTextContent('Eventual');
    expect(server.calls('GET', '/registry/employees/8/defaults')).toHaveLength(1);
    typeDay(page, TODAY);
    save(page);
    // The contracts' rule, before anything is sent.
    expect(await within(page).findByText(REGISTRY_MESSAGES.bajaReasonRequired)).toBeInTheDocument();
    expect(server.calls('POST', '/registry/movements')).toHaveLength(0);
    await choose(input(page, 'Causa de baja'), '2 · Separación voluntaria');
    save(page);
    await waitFor(() => expect(server.calls('POST', '/registry/movements')).toHaveLength(1));
    const body = server.calls('POST', '/registry/movements')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({ type: 'baja', scope: 'oficina', employeeId: 8, companyId: 3, effectiveDate: TODAY, workerType: 'eventual', bajaReason: '2' });
    expect(body).not.toHaveProperty('dailySalary');
    expect(body).not.toHaveProperty('sdi');
    expect(body).not.toHaveProperty('employee');
    expect(await within(page).findByText(REGISTRY_MESSAGES.bajaOfInactive)).toBeInTheDocument();
    expect(input(page, 'Empleado').closest('.flex-col')).toHaveTextContent(REGISTRY_MESSAGES.bajaOfInactive);
  });

  it('a salary change starts from the salary in force of the employee picked; the worker type stays to choose when none is known', async () => {
    const { page: findPage } = open();
    const page = await findPage();
    await choose(input(page, 'Tipo'), 'Modificación de salario');
    await choose(input(page, 'Empleado'), 'Ana López Pérez');
    await waitFor(() => expect(input(page, 'Salario diario')).toHaveValue('$512.50'));
    expect(input(page, 'SDI')).toHaveValue('$530.00');
    expect(input(page, 'Empresa').closest('.flex-col')).toHaveTextContent('Constructora Norte');
    expect(input(page, 'Tipo de trabajador').closest('.flex-col')).not.toHaveTextContent('Eventual');
  });
});
