import { useEffect, useState, type KeyboardEvent } from 'react';
import { Controller, useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { getResource, type ResourceField, type FieldType } from '@goc/contracts';
import { formatMoney } from '../../lib/format';
import { fetchOptionsByIds } from '../../lib/resources/options';
import { resourceKeys } from '../../lib/resources/query-keys';
import { useIsMobile } from '../../lib/use-media-query';
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
  field: ResourceField;
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
const isCopied = (f: ResourceField) => f.form === 'readOnly' && f.reference?.copiedFrom !== undefined;

/** The same freshness as the pickers' own labels (use-options). */
const OPTION_STALE_MS = 60_000;

/**
 * The editable table of a `lines` field (an order's partidas), on react-hook-form's field array:
 * add, remove and reorder lines, one input per line field (pickers included), the computed amounts
 * and their total, and read-only cells copied from a pick (the material's unit). Keyboard first:
 * Enter in a cell adds a line below and moves to it (in a picker it opens the picker), Alt+↑ /
 * Alt+↓ move the line. The list's min / max and each cell's rule show where they apply, the server's
 * 'lines.2.quantity' included. On a phone each line is a card (its fields stacked under their labels)
 * and the running total stays in view at the bottom of the dialog, so nothing scrolls sideways.
 */
export function LinesEditor({ id, field, computed = [] }: LinesEditorProps) {
  const meta = field.lines;
  // The editor sees the form as lines by field name; the record form's values are a plain record.
  const { control, getValues, setValue } = useFormContext<Record<string, FormValues[]>>();
  const { fields: rows, insert, remove, move } = useFieldArray({ control, name: field.name, keyName: 'key' });
  const lines = useWatch({ control, name: field.name }) ?? [];
  const { errors } = useFormState({ control, name: field.name });
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const [focusRow, setFocusRow] = useState<number | null>(null);

  const cells = meta?.fields.filter((f) => f.form !== 'readOnly') ?? [];
  const columns = meta?.fields.filter((f) => f.form !== 'readOnly' || isCopied(f)) ?? [];
  const copiedText = useCopiedDetails(meta?.fields ?? [], lines);
  const first = cells[0];
  useEffect(() => {
    if (focusRow === null || !first) return;
    const cell = document.getElementById(cellId(id, focusRow, first.name));
    cell?.focus({ preventScroll: isMobile });
    // On a phone the running total floats over the dialog's bottom: the line's card goes to the middle, above it.
    if (isMobile) cell?.closest('li')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    setFocusRow(null);
  }, [focusRow, first, id, isMobile]);

  /**
   * A pick in a reference cell starts the line's cells declared `startsFrom` it (the unit price from
   * the material's reference price) while they are still empty: a price already typed is never replaced.
   */
  const startFrom = async (index: number, source: ResourceField, picked: unknown) => {
    const targets = (meta?.fields ?? []).filter((f) => f.startsFrom === source.name && f.form !== 'readOnly');
    if (targets.length === 0 || typeof picked !== 'number' || !source.reference) return;
    const resource = getResource(source.reference.target).resource;
    const options = await queryClient
      .fetchQuery({ queryKey: resourceKeys.optionLabels(resource, [picked]), queryFn: () => fetchOptionsByIds(resource, [picked]), staleTime: OPTION_STALE_MS })
      // Without the reference price the cell stays empty for the person to type, as before.
      .catch(() => []);
    const amount = options.find((o) => o.value === picked)?.amount;
    // The line may have been given another pick (or moved) meanwhile.
    if (amount === undefined || getValues(`${field.name}.${index}.${source.name}`) !== picked) return;
    for (const target of targets) {
      const path = `${field.name}.${index}.${target.name}` as const;
      const current = getValues(path) as unknown;
      if (current === null || current === undefined || current === '') setValue(path, amount as never, { shouldDirty: true });
    }
  };

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
  const onCellKeyDown = (index: number, cell: ResourceField) => (event: KeyboardEvent) => {
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

  const hasTotal = computed.some((c) => c.total);
  const totalOf = (column: ComputedColumn) => formatMoney(lines.reduce((sum, line) => sum + (column.value(line) ?? 0), 0));

  /** A line's input for one field, with its own label (the line's number in it) and its error. */
  const editableCell = (index: number, cell: ResourceField, line: FormValues) => {
    const inputId = cellId(id, index, cell.name);
    return (
      <>
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
                onChange={(next) => {
                  input.onChange(next);
                  void startFrom(index, cell, next);
                }}
                values={line}
                record={line}
                invalid={fieldState.error !== undefined}
                describedBy={fieldState.error ? fieldTextIds(inputId).error : undefined}
              />
              {fieldState.error?.message && (
                <small id={fieldTextIds(inputId).error} className="mt-1 flex items-start gap-1 text-red-700" role="alert">
                  {fieldState.error.message}
                </small>
              )}
            </>
          )}
        />
      </>
    );
  };
  const lineButtons = (index: number, large: boolean) => {
    // On a phone every button is a 44 px touch target (WCAG 2.5.5).
    const size = large ? 'h-[44px] w-[44px]' : '';
    return (
      <>
        <Button type="button" icon="pi pi-arrow-up" text rounded size={large ? undefined : 'small'} severity="secondary" className={size} aria-label={formTexts.moveLineUp(lineNo(index))} disabled={index === 0} onClick={() => moveTo(index, index - 1)} />
        <Button type="button" icon="pi pi-arrow-down" text rounded size={large ? undefined : 'small'} severity="secondary" className={size} aria-label={formTexts.moveLineDown(lineNo(index))} disabled={index === rows.length - 1} onClick={() => moveTo(index, index + 1)} />
        <Button type="button" icon="pi pi-trash" text rounded size={large ? undefined : 'small'} severity="danger" className={size} aria-label={formTexts.removeLine(lineNo(index))} onClick={() => remove(index)} />
      </>
    );
  };

  return (
    <div className="flex flex-col gap-2" id={id}>
      {isMobile ? (
        // A phone: one card per line, its fields stacked with their labels, the total fixed at the bottom of the dialog.
        <>
          <ol className="m-0 flex list-none flex-col gap-2 p-0" aria-label={field.label}>
            {rows.map((row, index) => {
              const line = lines[index] ?? {};
              return (
                <li key={row.key} className="rounded-md border border-solid border-(--surface-border) p-3" aria-label={lineNo(index)}>
                  <div className="mb-2 flex items-center justify-between gap-2">
                    <span className="font-semibold text-slate-700" aria-hidden="true">
                      {index + 1}
                    </span>
                    <span className="flex items-center">{lineButtons(index, true)}</span>
                  </div>
                  <div className="flex flex-col gap-3">
                    {columns.map((cell) => (
                      <div key={cell.name} className="flex flex-col gap-1" onKeyDown={cell.form === 'readOnly' ? undefined : onCellKeyDown(index, cell)}>
                        {/* The input's own label (with the line's number) names it; this one is what the eye reads. */}
                        <span className="text-xs font-medium text-slate-600" aria-hidden={cell.form !== 'readOnly'}>
                          {cell.label}
                        </span>
                        {cell.form === 'readOnly' ? (
                          <span className="text-(--text-color-secondary)">{copiedText(line, cell) || '—'}</span>
                        ) : (
                          editableCell(index, cell, line)
                        )}
                      </div>
                    ))}
                    {computed.map((column) => (
                      <div key={column.label} className="flex items-center justify-between gap-2">
                        <span className="text-xs font-medium text-slate-600">{column.label}</span>
                        <span className="tabular-nums">{formatMoney(column.value(line))}</span>
                      </div>
                    ))}
                  </div>
                </li>
              );
            })}
          </ol>
          {hasTotal && (
            <div className="sticky bottom-0 z-10 flex flex-col gap-1 rounded-md border border-solid border-(--surface-border) bg-(--surface-card) p-3 font-semibold shadow-[0_-4px_8px_-4px_rgba(15,23,42,0.15)]" role="status">
              {computed
                .filter((column) => column.total)
                .map((column) => (
                  <div key={column.label} className="flex items-center justify-between gap-2">
                    <span>{formTexts.total}</span>
                    <span className="tabular-nums">{totalOf(column)}</span>
                  </div>
                ))}
            </div>
          )}
        </>
      ) : (
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
                    {columns.map((cell) =>
                      cell.form === 'readOnly' ? (
                        <td key={cell.name} className="p-2 align-middle whitespace-nowrap text-(--text-color-secondary)" aria-label={`${cell.label} (${lineNo(index)})`}>
                          {copiedText(line, cell)}
                        </td>
                      ) : (
                        <td key={cell.name} className="min-w-40 p-2" onKeyDown={onCellKeyDown(index, cell)}>
                          {editableCell(index, cell, line)}
                        </td>
                      ),
                    )}
                    {computed.map((column) => (
                      <td key={column.label} className="p-2 text-right whitespace-nowrap tabular-nums">
                        {formatMoney(column.value(line))}
                      </td>
                    ))}
                    <td className="p-2 whitespace-nowrap">{lineButtons(index, false)}</td>
                  </tr>
                );
              })}
            </tbody>
            {hasTotal && (
              <tfoot>
                <tr className="border-0 border-t border-solid border-(--surface-border) font-semibold">
                  <td className="p-2" colSpan={columns.length + 1}>
                    {formTexts.total}
                  </td>
                  {computed.map((column) => (
                    <td key={column.label} className="p-2 text-right whitespace-nowrap tabular-nums">
                      {column.total ? totalOf(column) : null}
                    </td>
                  ))}
                  <td />
                </tr>
              </tfoot>
            )}
          </table>
        </div>
      )}
      {rows.length === 0 && <p className="m-0 text-sm text-(--text-color-secondary)">{formTexts.noLines(nouns)}</p>}
      {ownMessage && (
        <small id={fieldTextIds(id).error} className="flex items-start gap-1 text-red-700" role="alert">
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
