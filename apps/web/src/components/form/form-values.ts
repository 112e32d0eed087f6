import type { ResourceField, FieldType } from '@goc/contracts';

/** What a form holds: field name → input value (text as '', numbers / dates / references as null when empty). */
export type FormValues = Record<string, unknown>;
/** Field name → Spanish message. */
export type FieldErrors = Record<string, string>;

export type FormMode = 'create' | 'edit';

function emptyValue(type: FieldType): unknown {
  switch (type) {
    case 'number':
    case 'money':
    case 'date':
    case 'datetime':
    case 'enum':
    case 'severity':
    case 'reference':
      return null;
    case 'boolean':
      return false;
    case 'multiReference':
    case 'lines':
      return [];
    default:
      return '';
  }
}

/** Fields the form offers: on create every writable one, on edit the editable ones plus read-only values worth seeing. */
export function formFields(fields: readonly ResourceField[], mode: FormMode, record: Record<string, unknown> | null): ResourceField[] {
  return fields.filter((field) => {
    if (field.form === 'editable') return true;
    if (field.form === 'createOnly') return mode === 'create';
    return mode === 'edit' && record?.[field.name] !== null && record?.[field.name] !== undefined;
  });
}

/** Names whose values travel in the request body. */
export function writableNames(fields: readonly ResourceField[], mode: FormMode): string[] {
  return fields.filter((f) => f.form === 'editable' || (mode === 'create' && f.form === 'createOnly')).map((f) => f.name);
}

/** A new line of a `lines` field: each editable cell at its default or empty value. */
export function emptyLine(cells: readonly ResourceField[]): FormValues {
  return Object.fromEntries(cells.map((cell) => [cell.name, cell.defaultValue ?? emptyValue(cell.type)]));
}

/**
 * The values as a request carries them: each line of a `lines` field reduced to its writable cells
 * (an edited record's lines also hold their ids and joined labels, which the API does not take).
 */
export function bodyValues(fields: readonly ResourceField[], values: FormValues): FormValues {
  const body = { ...values };
  for (const field of fields) {
    const cells = field.lines?.fields.filter((c) => c.form !== 'readOnly').map((c) => c.name);
    const lines = values[field.name];
    if (cells && Array.isArray(lines)) body[field.name] = lines.map((line: FormValues) => pick(line, cells));
  }
  return body;
}

/** A form's starting values: the record's (edit) or the declared defaults (create). */
export function initialValues(fields: readonly ResourceField[], record: Record<string, unknown> | null): FormValues {
  const values: FormValues = {};
  for (const field of fields) {
    const stored = record?.[field.name];
    if (record) values[field.name] = stored === null || stored === undefined ? emptyValue(field.type) : stored;
    else values[field.name] = field.defaultValue ?? emptyValue(field.type);
  }
  return values;
}

/**
 * A copy of a record as the starting values of a new one ("Duplicar"): its writable values, except
 * those that must be unique, which the user fills in.
 */
export function copyValues(fields: readonly ResourceField[], record: Record<string, unknown>): FormValues {
  const copy = initialValues(fields, record);
  return Object.fromEntries(
    fields.filter((f) => f.form === 'editable' && !f.unique).map((f) => [f.name, copy[f.name]]),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The names among `names` whose value differs from the starting one (what a PATCH carries). */
export function changedNames(names: readonly string[], initial: FormValues, current: FormValues): string[] {
  return names.filter((name) => !same(initial[name], current[name]));
}

export function pick(values: FormValues, names: readonly string[]): FormValues {
  return Object.fromEntries(names.map((name) => [name, values[name]]));
}

/**
 * The first message under each top-level field of react-hook-form's nested errors: a role's
 * matrix ('permissions.3.view') shows one message under the matrix. A lines editor reads its
 * cells' own messages from the form instead.
 */
export function firstMessages(errors: Readonly<Record<string, unknown>>): FieldErrors {
  const first = (node: unknown): string | undefined => {
    if (node === null || typeof node !== 'object') return undefined;
    if ('message' in node && typeof node.message === 'string') return node.message;
    for (const child of Object.values(node)) {
      const found = first(child);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  const messages: FieldErrors = {};
  for (const [name, node] of Object.entries(errors)) {
    const message = first(node);
    if (message !== undefined) messages[name] = message;
  }
  return messages;
}
