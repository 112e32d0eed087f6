import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import {
  CATALOGS,
  EMPLOYEE_MESSAGES,
  FIELD_MESSAGES,
  MODULE_NAMES,
  NSS_CHECK_DIGIT_WARNING,
  PASSWORD_MESSAGES,
  ROLE_MESSAGES,
  STATUS_SEEDS,
  USERNAME_MESSAGES,
  WORK_MESSAGES,
  changeOwnPasswordFormSchema,
  changeOwnPasswordSchema,
  checkResourceRules,
  completePermissions,
  hasAtMostTwoDecimals,
  isCommonPassword,
  isDisplayableImageUrl,
  resetPasswordSchema,
  rowLabel,
} from '../../src/index';

function issues(schema: z.ZodType, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('companies', () => {
  const { createInput } = CATALOGS.companies.schemas;
  const base = { name: 'Constructora del Norte', rfc: 'CON990101AB1' };

  it('validates the RFC (moral or física) and normalises it', () => {
    expect(createInput.parse({ ...base, rfc: ' goma850312ab1 ' }).rfc).toBe('GOMA850312AB1');
    expect(issues(createInput, { ...base, rfc: 'CON99010AB1' })).toEqual({
      rfc: 'RFC inválido: debe tener 12 caracteres (persona moral) o 13 (persona física)',
    });
  });

  it('stores the registro patronal without dashes and refuses a bad one', () => {
    expect(createInput.parse({ ...base, employerRegistration: 'y54-52369-10-6' }).employerRegistration).toBe('Y5452369106');
    expect(createInput.parse({ ...base, employerRegistration: '  ' }).employerRegistration).toBeNull();
    expect(issues(createInput, { ...base, employerRegistration: '545236910' })).toEqual({
      employerRegistration: 'Registro patronal inválido: debe ser una letra seguida de 10 dígitos',
    });
  });

  it('validates phones', () => {
    expect(createInput.parse({ ...base, phone: '+52 (81) 1234-5678' }).phone).toBe('+52 (81) 1234-5678');
    expect(issues(createInput, { ...base, phone: '12345' })).toEqual({ phone: FIELD_MESSAGES.phone });
    expect(issues(createInput, { ...base, phone: '81-ABCD-5678' })).toEqual({ phone: FIELD_MESSAGES.phone });
  });
});

describe('works', () => {
  const { createInput, updateInput } = CATALOGS.works.schemas;
  const base = { code: 'OB-1', name: 'Torre', companyId: 1, categoryId: 2 };

  it('refuses an estimated end before the start, on create and on a patch carrying both', () => {
    expect(issues(createInput, { ...base, startDate: '2026-05-01', estimatedEndDate: '2026-04-30' })).toEqual({
      estimatedEndDate: WORK_MESSAGES.endBeforeStart,
    });
    expect(createInput.parse({ ...base, startDate: '2026-05-01', estimatedEndDate: '2026-05-01' }).estimatedEndDate).toBe('2026-05-01');
    expect(issues(updateInput, { version: 1, startDate: '2026-05-01', estimatedEndDate: '2026-04-30' })).toEqual({
      estimatedEndDate: WORK_MESSAGES.endBeforeStart,
    });
    // A patch with one date only is checked by the API against the stored row (checkResourceRules).
    expect(updateInput.safeParse({ version: 1, estimatedEndDate: '2020-01-01' }).success).toBe(true);
    expect(checkResourceRules(CATALOGS.works.rules, { startDate: '2026-05-01', estimatedEndDate: '2020-01-01' })).toEqual([
      { path: 'estimatedEndDate', message: WORK_MESSAGES.endBeforeStart },
    ]);
  });

  it('validates dates, money and the status enum', () => {
    expect(issues(createInput, { ...base, startDate: '2026-02-30' })).toEqual({ startDate: FIELD_MESSAGES.date });
    expect(issues(createInput, { ...base, startDate: '15/01/2026' })).toEqual({ startDate: FIELD_MESSAGES.date });
    expect(issues(createInput, { ...base, budget: -1 })).toEqual({ budget: FIELD_MESSAGES.moneyNegative });
    expect(issues(createInput, { ...base, budget: 10.005 })).toEqual({ budget: FIELD_MESSAGES.moneyDecimals });
    expect(issues(createInput, { ...base, budget: '100' })).toEqual({ budget: FIELD_MESSAGES.money });
    expect(issues(createInput, { ...base, status: 'cerrada' })).toEqual({ status: FIELD_MESSAGES.option });
    expect(issues(createInput, { ...base, state: 'Texas' })).toEqual({ state: FIELD_MESSAGES.option });
    const parsed = createInput.parse({ ...base, state: 'Nuevo León' });
    expect([parsed.status, parsed.budget, parsed.state]).toEqual(['planeacion', 0, 'Nuevo León']);
  });

  it('declares the status labels in Spanish and the subcategory dependency', () => {
    const status = CATALOGS.works.fields.find((f) => f.name === 'status');
    expect(status?.options?.map((o) => o.label)).toEqual(['Planeación', 'En ejecución', 'Suspendida', 'Terminada']);
    const sub = CATALOGS.works.fields.find((f) => f.name === 'subcategoryId');
    expect(sub?.reference?.dependsOn).toEqual({ field: 'categoryId', message: WORK_MESSAGES.subcategoryOutsideCategory });
  });

  it('refuses ids that are not positive integers', () => {
    expect(issues(createInput, { ...base, companyId: 0 })).toEqual({ companyId: FIELD_MESSAGES.option });
    expect(issues(createInput, { ...base, companyId: '1' })).toEqual({ companyId: FIELD_MESSAGES.option });
  });
});

describe('categories, icons and statuses', () => {
  it('validates colours and icons', () => {
    const { createInput } = CATALOGS.categories.schemas;
    expect(createInput.parse({ name: 'Vivienda', color: '#1E90FF' }).color).toBe('#1e90ff');
    expect(issues(createInput, { name: 'Vivienda', color: 'azul' })).toEqual({ color: FIELD_MESSAGES.color });
    expect(issues(CATALOGS.icons.schemas.createInput, { name: 'Casa', value: 'fa fa-home' })).toEqual({ value: FIELD_MESSAGES.icon });
  });

  it('status rows take a Tag severity, an order and a default flag, never a code', () => {
    const { createInput, updateInput } = CATALOGS.orderStatuses.schemas;
    expect(createInput.parse({ name: 'En revisión' })).toEqual({
      name: 'En revisión',
      description: null,
      color: 'secondary',
      sortOrder: 0,
      isDefault: false,
      active: true,
    });
    expect(issues(createInput, { name: 'X', color: 'magenta' })).toEqual({ color: FIELD_MESSAGES.option });
    expect(issues(createInput, { name: 'X', sortOrder: 1.5 })).toEqual({ sortOrder: FIELD_MESSAGES.integer });
    expect(issues(createInput, { name: 'X', sortOrder: -1 })).toEqual({ sortOrder: FIELD_MESSAGES.min(0) });
    expect(updateInput.parse({ version: 2, code: 'otro', name: 'Borrador interno' })).toEqual({ version: 2, name: 'Borrador interno' });
    expect(CATALOGS.orderStatuses.systemRows).toEqual({ codeField: 'code' });
    expect(CATALOGS.orderStatuses.singleDefault).toEqual({ field: 'isDefault' });
  });

  it('the four status catalogues share one shape', () => {
    const shapes = (['registrationStatuses', 'orderStatuses', 'stampStatuses', 'errorStatuses'] as const).map((k) =>
      CATALOGS[k].fields.map((f) => `${f.name}:${f.type}`).join(','),
    );
    expect(new Set(shapes).size).toBe(1);
  });

  it('seeds the system rows of docs/product.md with exactly one default each', () => {
    expect(STATUS_SEEDS.orderStatuses.map((s) => s.code)).toEqual([
      'borrador',
      'enviado',
      'autorizado',
      'rechazado',
      'comprado',
      'entregado_parcial',
      'entregado',
      'cancelado',
    ]);
    expect(STATUS_SEEDS.registrationStatuses.map((s) => s.code)).toEqual(['pendiente', 'en_tramite', 'aplicado', 'rechazado', 'cancelado']);
    expect(STATUS_SEEDS.stampStatuses.map((s) => s.code)).toEqual(['pendiente', 'timbrado', 'error', 'cancelado']);
    expect(STATUS_SEEDS.errorStatuses.map((s) => s.code)).toEqual([
      'sin_error',
      'nss_invalido',
      'curp_invalida',
      'salario_fuera_de_rango',
      'fuera_de_plazo',
      'documentacion_incompleta',
      'error_pac',
    ]);
    for (const seeds of Object.values(STATUS_SEEDS)) {
      expect(seeds.filter((s) => 'isDefault' in s && s.isDefault)).toHaveLength(1);
      for (const s of seeds) expect(CATALOGS.orderStatuses.schemas.createInput.safeParse({ name: s.name, color: s.color }).success).toBe(true);
    }
  });
});

describe('employees', () => {
  const { createInput } = CATALOGS.employees.schemas;
  const base = { employeeNumber: 'E-1', firstName: 'Ana', lastName: 'Pérez', curp: 'LOOA531113HTCPBN07', companyId: 1 };

  it('validates CURP, RFC física and NSS with their own messages', () => {
    expect(issues(createInput, { ...base, curp: 'LOOA531113HTCPBN08' })).toEqual({ curp: 'CURP inválida: el dígito verificador no coincide' });
    expect(issues(createInput, { ...base, rfc: 'CON990101AB1' })).toEqual({ rfc: 'RFC inválido: el de una persona física tiene 13 caracteres' });
    expect(issues(createInput, { ...base, nss: '123' })).toEqual({ nss: 'NSS inválido: debe tener 11 dígitos' });
    const parsed = createInput.parse({ ...base, rfc: '', nss: '72168205740' });
    expect([parsed.rfc, parsed.nss]).toEqual([null, '72168205740']);
  });

  it('a wrong NSS check digit is only a warning, declared on the field', () => {
    const nss = CATALOGS.employees.fields.find((f) => f.name === 'nss');
    expect(nss?.warning?.('72168205740')).toBe(NSS_CHECK_DIGIT_WARNING);
    expect(nss?.warning?.('72168205747')).toBeNull();
  });

  it('lower-cases e-mails and refuses bad ones', () => {
    expect(createInput.parse({ ...base, email: ' Ana.Perez@Empresa.MX ' }).email).toBe('ana.perez@empresa.mx');
    expect(issues(createInput, { ...base, email: 'ana@' })).toEqual({ email: FIELD_MESSAGES.email });
  });

  it('refuses an SDI below the daily salary', () => {
    expect(issues(createInput, { ...base, dailySalary: 500, sdi: 499.99 })).toEqual({ sdi: EMPLOYEE_MESSAGES.sdiBelowDailySalary });
    expect(createInput.safeParse({ ...base, dailySalary: 500, sdi: 500 }).success).toBe(true);
    expect(createInput.parse({ ...base }).status).toBe('activo');
  });

  it('labels an employee by full name', () => {
    expect(rowLabel(CATALOGS.employees, { firstName: 'Ana', lastName: 'Pérez', secondLastName: null })).toBe('Ana Pérez');
    expect(rowLabel(CATALOGS.materials, { code: 'MAT-1', name: 'Cemento' })).toBe('MAT-1 · Cemento');
  });

  it('shows a photo only for http(s) URLs', () => {
    expect(isDisplayableImageUrl('https://x.mx/a.jpg')).toBe(true);
    expect(isDisplayableImageUrl('HTTP://x.mx/a.jpg')).toBe(true);
    expect(isDisplayableImageUrl('javascript:alert(1)')).toBe(false);
    expect(isDisplayableImageUrl('/fotos/a.jpg')).toBe(false);
    expect(isDisplayableImageUrl(null)).toBe(false);
  });
});

describe('suppliers', () => {
  it('takes many material categories, without repeats', () => {
    const { createInput } = CATALOGS.suppliers.schemas;
    const base = { name: 'Aceros', rfc: 'ABA0501011A2' };
    expect(createInput.parse(base).materialCategoryIds).toEqual([]);
    expect(issues(createInput, { ...base, materialCategoryIds: [1, 1] })).toEqual({ materialCategoryIds: FIELD_MESSAGES.repeatedOptions });
    expect(issues(createInput, { ...base, materialCategoryIds: [1, -2] })).toEqual({ 'materialCategoryIds.1': FIELD_MESSAGES.option });
  });
});

describe('roles', () => {
  const { createInput, updateInput } = CATALOGS.roles.schemas;

  it('takes permission rows by module name with flags defaulting to false', () => {
    expect(createInput.parse({ name: 'Compras', permissions: [{ module: 'history', view: true }] }).permissions).toEqual([
      { module: 'history', view: true, create: false, edit: false, delete: false },
    ]);
    expect(createInput.parse({ name: 'Vacío' }).permissions).toEqual([]);
    expect(updateInput.parse({ version: 1 })).toEqual({ version: 1 });
  });

  it('refuses unknown and repeated modules', () => {
    expect(issues(createInput, { name: 'X', permissions: [{ module: 'nope' }] })).toEqual({ 'permissions.0.module': ROLE_MESSAGES.unknownModule });
    expect(issues(createInput, { name: 'X', permissions: [{ module: 'works' }, { module: 'works' }] })).toEqual({
      permissions: ROLE_MESSAGES.repeatedModule,
    });
    expect(issues(createInput, { name: 'X', permissions: [{ module: 'works', view: 'sí' }] })).toEqual({ 'permissions.0.view': ROLE_MESSAGES.flag });
  });

  it('completes the matrix to the 24 modules', () => {
    const full = completePermissions([{ module: 'config_units', view: true, create: true, edit: false, delete: false }]);
    expect(full.map((p) => p.module)).toEqual(MODULE_NAMES);
    expect(full.find((p) => p.module === 'config_units')).toEqual({ module: 'config_units', view: true, create: true, edit: false, delete: false });
    expect(full.filter((p) => p.view)).toHaveLength(1);
  });
});

describe('users and passwords', () => {
  const { createInput, updateInput } = CATALOGS.users.schemas;
  const base = { username: 'ana.perez', password: 'cemento gris 2026', roleId: 1 };

  it('normalises usernames and enforces their characters and length', () => {
    expect(createInput.parse({ ...base, username: ' Ana.Perez ' }).username).toBe('ana.perez');
    expect(issues(createInput, { ...base, username: 'ab' })).toEqual({ username: USERNAME_MESSAGES.tooShort });
    expect(issues(createInput, { ...base, username: 'ana pérez' })).toEqual({ username: USERNAME_MESSAGES.characters });
    expect(issues(createInput, { ...base, username: 'a'.repeat(65) })).toEqual({ username: FIELD_MESSAGES.maxLength(64) });
  });

  it('applies ASVS 6.2 password rules', () => {
    expect(issues(createInput, { ...base, password: '' })).toEqual({ password: PASSWORD_MESSAGES.required });
    expect(issues(createInput, { ...base, password: 'corta' })).toEqual({ password: PASSWORD_MESSAGES.tooShort });
    expect(issues(createInput, { ...base, password: 'x'.repeat(129) })).toEqual({ password: PASSWORD_MESSAGES.tooLong });
    expect(issues(createInput, { ...base, password: 'Password123' })).toEqual({ password: PASSWORD_MESSAGES.common });
    expect(issues(createInput, { ...base, password: 'Contraseña' })).toEqual({ password: PASSWORD_MESSAGES.common });
    expect(issues(createInput, { ...base, username: 'ana.perez.2026', password: 'ANA.PEREZ.2026' })).toEqual({
      password: PASSWORD_MESSAGES.sameAsUsername,
    });
    // Spaces and any character are allowed; length counts characters, not UTF-16 units.
    expect(createInput.safeParse({ ...base, password: '  ñandú 🦤 ' }).success).toBe(true);
    expect(issues(createInput, { ...base, password: '🦤🦤🦤🦤' })).toEqual({ password: PASSWORD_MESSAGES.tooShort });
  });

  it('never takes a password on update; resets and changes use their own schemas', () => {
    expect(updateInput.parse({ version: 2, password: 'otra contraseña larga', active: false })).toEqual({ version: 2, active: false });
    expect(resetPasswordSchema.parse({ password: 'nueva frase segura' })).toEqual({ password: 'nueva frase segura' });
    expect(issues(resetPasswordSchema, {})).toEqual({ password: PASSWORD_MESSAGES.required });
    expect(issues(changeOwnPasswordSchema, { currentPassword: '', newPassword: 'nueva frase segura' })).toEqual({
      currentPassword: PASSWORD_MESSAGES.currentRequired,
    });
    expect(issues(changeOwnPasswordSchema, { currentPassword: 'misma frase larga', newPassword: 'misma frase larga' })).toEqual({
      newPassword: PASSWORD_MESSAGES.sameAsCurrent,
    });
    expect(
      issues(changeOwnPasswordFormSchema, { currentPassword: 'vieja frase', newPassword: 'nueva frase segura', confirmPassword: 'nueva frase' }),
    ).toEqual({ confirmPassword: PASSWORD_MESSAGES.confirmationMismatch });
  });

  it('ships a common-password list compared without case', () => {
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword('cemento gris 2026')).toBe(false);
  });
});

describe('money', () => {
  it('property: any whole number of cents is accepted, a third decimal is not', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99_999_999_999_999 }), (cents) => {
        expect(hasAtMostTwoDecimals(cents / 100)).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999 }), fc.integer({ min: 1, max: 9 }), (cents, extra) => {
        expect(hasAtMostTwoDecimals(cents / 100 + extra / 1000)).toBe(false);
      }),
    );
  });
});
