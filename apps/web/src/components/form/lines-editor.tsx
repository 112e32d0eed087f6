import { useEffect, useState, type KeyboardEvent } from 'react';
import { Controller, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Button } from 'primereact/button';
import type { CatalogField, FieldType } from '@goc/contracts';
import { formatMoney } from '../../lib/format';
import { useCopiedDetails } from './copied-details';
import { FieldInput } from './field-input';
import { fieldTextIds } from './form-field';
import { formTexts } from './form-texts';
import { emptyLine, type FormValues } from './form-values';

/** A value shown per line and computed from it (an order line's amount = quantity × price), with an optional total. */
export interface ComputedColumn {
  label: string;
  value: (line: FormValues) => number | null;
  /** Shown under the table as the sum of every line. */
  total?: boolean;
}

interface LinesEditorProps {
  id: string;
  field: CatalogField;
  computed?: readonly ComputedColumn[];
}

/** A message of a field-array error: the list's own (min / max) sits at the array or at its `root`. */
function listMessage(error: unknown): string | undefined {
  if (error === null || typeof error !== 'object') return undefined;
  if ('message' in error && typeof error.message === 'string') return error.message;
  if ('root' in error) return listMessage(error.root);
  return undefined;
}

const cellId = (id: string, index: number, name: string) => `${id}-${index}-${name}`;

/** Cells whose own keyboard opens a list on Enter: there Enter belongs to the picker, not to "next line". */
const PICKER_TYPES: readonly FieldType[] = ['enum', 'severity', 'reference', 'multiReference', 'icon'];

/** A read-only line field the form shows anyway: a value copied from another cell's pick (the unit of the material). */
const isCopied = (f: CatalogField) => f.form === 'readOnly' && f.reference?.copiedFrom !== undefined;

/**
 * The editable table of a `lines` field (an order's partidas), on react-hook-form's field array:
 * add, remove and reorder lines, one input per line field (pickers included), the computed amounts
 * and their total, and read-only cells copied from a pick (the material's unit). Keyboard first:
 * Enter in a cell adds a line below and moves to it (in a picker it opens the picker), Alt+↑ /
 * Alt+↓ move the line. The list's min / max and each cell's rule show where they apply, the server's
 * 'lines.2.quantity' included.
 */
export function LinesEditor({ id, field, computed = [] }: LinesEditorProps) {
  const meta = field.lines;
  // The editor sees the form as lines by field name; the record form's values are a plain record.
  const { control } = useFormContext<Record<string, FormValues[]>>();
  const { fields: rows, insert, remove, move } = useFieldArray({ control, name: field.name, keyName: 'key' });
  const lines = useWatch({ control, name: field.name }) ?? [];
  const { errors } = useFormState({ control, name: field.name });
  const [focusRow, setFocusRow] = useState<number | null>(null);

  const cells = meta?.fields.filter((f) => f.form !== 'readOnly') ?? [];
  const columns = meta?.fields.filter((f) => f.form !== 'readOnly' || isCopied(f)) ?? [];
  const copiedText = useCopiedDetails(meta?.fields ?? [], lines);
  const first = cells[0];
  useEffect(() => {
    if (focusRow === null || !first) return;
    document.getElementById(cellId(id, focusRow, first.name))?.focus();
    setFocusRow(null);
  }, [focusRow, first, id]);

  if (!meta) return null;
  const nouns = meta.nouns;
  const full = rows.length >= meta.max;
  const add = (at: number) => {
    if (full) return;
    insert(at, emptyLine(cells));
    setFocusRow(at);
  };
  const moveTo = (from: number, to: number) => {
    if (to < 0 || to >= rows.length) return;
    move(from, to);
    setFocusRow(to);
  };
  const onCellKeyDown = (index: number, cell: CatalogField) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.altKey && !event.ctrlKey) {
      // The picker opens (or picks) on Enter itself; its panel's keys bubble here through the portal too.
      if (PICKER_TYPES.includes(cell.type)) return;
      // Enter never submits the form from a line: it opens the next line.
      event.preventDefault();
      add(index + 1);
    } else if (event.altKey && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
      event.preventDefault();
      moveTo(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
    }
  };

  const arrayError = (errors as Record<string, unknown>)[field.name];
  const ownMessage = listMessage(arrayError);
  const lineNo = (index: number) => `${nouns.singular} ${index + 1}`;

  return (
    <div className="flex flex-col gap-2" id={id}>
      <div className="overflow-x-auto rounded-md border border-solid border-(--surface-border)">
        <table className="w-full border-collapse text-sm" aria-label={field.label}>
          <thead>
            <tr className="bg-(--surface-ground) text-left">
              <th scope="col" className="w-10 p-2">
                #
              </th>
              {columns.map((cell) => (
                <th key={cell.name} scope="col" className="p-2 font-medium">
                  {cell.label}
                </th>
              ))}
              {computed.map((column) => (
                <th key={column.label} scope="col" className="p-2 text-right font-medium">
                  {column.label}
                </th>
              ))}
              <th scope="col" className="p-2">
                <span className="sr-only">{formTexts.lineActions}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const line = lines[index] ?? {};
              return (
                <tr key={row.key} className="border-0 border-t border-solid border-(--surface-border) align-top">
                  <td className="p-2 text-(--text-color-secondary)">{index + 1}</td>
                  {columns.map((cell) => {
                    const inputId = cellId(id, index, cell.name);
                    if (cell.form === 'readOnly') {
                      return (
                        <td key={cell.name} className="p-2 align-middle whitespace-nowrap text-(--text-color-secondary)" aria-label={`${cell.label} (${lineNo(index)})`}>
                          {copiedText(line, cell)}
                        </td>
                      );
                    }
                    return (
                      <td key={cell.name} className="min-w-40 p-2" onKeyDown={onCellKeyDown(index, cell)}>
                        <label htmlFor={inputId} className="sr-only">
                          {`${cell.label} (${lineNo(index)})`}
                        </label>
                        <Controller
                          control={control}
                          name={`${field.name}.${index}.${cell.name}`}
                          render={({ field: input, fieldState }) => (
                            <>
                              <FieldInput
                                id={inputId}
                                field={cell}
                                value={input.value}
                                onChange={input.onChange}
                                values={line}
                                record={line}
                                invalid={fieldState.error !== undefined}
                                describedBy={fieldState.error ? fieldTextIds(inputId).error : undefined}
                              />
                              {fieldState.error?.message && (
                                <small id={fieldTextIds(inputId).error} className="mt-1 flex items-start gap-1 text-red-600" role="alert">
                                  {fieldState.error.message}
                                </small>
                              )}
                            </>
                          )}
                        />
                      </td>
                    );
                  })}
                  {computed.map((column) => (
                    <td key={column.label} className="p-2 text-right whitespace-nowrap tabular-nums">
                      {formatMoney(column.value(line))}
                    </td>
                  ))}
                  <td className="p-2 whitespace-nowrap">
                    <Button type="button" icon="pi pi-arrow-up" text rounded size="small" severity="secondary" aria-label={formTexts.moveLineUp(lineNo(index))} disabled={index === 0} onClick={() => moveTo(index, index - 1)} />
                    <Button type="button" icon="pi pi-arrow-down" text rounded size="small" severity="secondary" aria-label={formTexts.moveLineDown(lineNo(index))} disabled={index === rows.length - 1} onClick={() => moveTo(index, index + 1)} />
                    <Button type="button" icon="pi pi-trash" text rounded size="small" severity="danger" aria-label={formTexts.removeLine(lineNo(index))} onClick={() => remove(index)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
          {computed.some((c) => c.total) && (
            <tfoot>
              <tr className="border-0 border-t border-solid border-(--surface-border) font-semibold">
                <td className="p-2" colSpan={columns.length + 1}>
                  {formTexts.total}
                </td>
                {computed.map((column) => (
                  <td key={column.label} className="p-2 text-right whitespace-nowrap tabular-nums">
                    {column.total ? formatMoney(lines.reduce((sum, line) => sum + (column.value(line) ?? 0), 0)) : null}
                  </td>
                ))}
                <td />
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      {rows.length === 0 && <p className="m-0 text-sm text-(--text-color-secondary)">{formTexts.noLines(nouns)}</p>}
      {ownMessage && (
        <small id={fieldTextIds(id).error} className="flex items-start gap-1 text-red-600" role="alert">
          <i className="pi pi-times-circle mt-0.5 text-xs" aria-hidden="true" />
          {ownMessage}
        </small>
      )}
      <div>
        <Button type="button" icon="pi pi-plus" label={formTexts.addLine(nouns)} outlined size="small" disabled={full} onClick={() => add(rows.length)} />
      </div>
    </div>
  );
}
