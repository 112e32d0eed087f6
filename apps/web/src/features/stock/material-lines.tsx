import { Button } from 'primereact/button';
import { InputNumber } from 'primereact/inputnumber';
import { ReferencePicker } from '../../components/form/inputs/reference-picker';
import { stockTexts } from './stock-texts';

export interface MaterialLine {
  materialId: number | null;
  quantity: number | null;
}

export const emptyLine = (): MaterialLine => ({ materialId: null, quantity: null });

/** The lines the API took: only those with a material and a quantity. */
export const filledLines = (lines: readonly MaterialLine[]) =>
  lines.flatMap((l) => (l.materialId !== null && l.quantity !== null ? [{ materialId: l.materialId, quantity: l.quantity }] : []));

/**
 * Material and quantity per line, one under another on a phone; the API's refusals come back by
 * line (`lines.N.quantity`) under the line they name.
 */
export function MaterialLines({
  id,
  lines,
  onChange,
  errors,
  quantityLabel = stockTexts.quantity,
}: {
  id: string;
  lines: readonly MaterialLine[];
  onChange: (lines: MaterialLine[]) => void;
  errors: Readonly<Record<string, string>>;
  quantityLabel?: string;
}) {
  const set = (index: number, patch: Partial<MaterialLine>) => onChange(lines.map((line, i) => (i === index ? { ...line, ...patch } : line)));
  return (
    <fieldset className="flex flex-col gap-3 md:col-span-2">
      <legend className="mb-1 text-sm font-medium">{stockTexts.material}</legend>
      {errors.lines && <small className="text-red-600">{errors.lines}</small>}
      {lines.map((line, index) => {
        const error = errors[`lines.${index}.materialId`] ?? errors[`lines.${index}.quantity`] ?? errors[`lines.${index}.countedQuantity`];
        return (
          <div key={index} className="flex flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <div className="min-w-0 flex-1 basis-60">
                <ReferencePicker
                  id={`${id}-material-${index}`}
                  ariaLabel={`${stockTexts.material} ${index + 1}`}
                  target="materials"
                  value={line.materialId}
                  onChange={(materialId) => set(index, { materialId })}
                  required
                  invalid={Boolean(errors[`lines.${index}.materialId`])}
                />
              </div>
              <InputNumber
                inputId={`${id}-quantity-${index}`}
                aria-label={`${quantityLabel} ${index + 1}`}
                value={line.quantity}
                onChange={(e) => set(index, { quantity: e.value ?? null })}
                locale="es-MX"
                inputMode="decimal"
                min={0}
                maxFractionDigits={3}
                placeholder={quantityLabel}
                className="w-32"
                inputClassName="w-full"
                invalid={Boolean(errors[`lines.${index}.quantity`] ?? errors[`lines.${index}.countedQuantity`])}
              />
              <Button type="button" icon="pi pi-trash" text severity="danger" aria-label={`${stockTexts.removeLine} ${index + 1}`} disabled={lines.length === 1} onClick={() => onChange(lines.filter((_, i) => i !== index))} />
            </div>
            {error && <small className="text-red-600">{error}</small>}
          </div>
        );
      })}
      <div>
        <Button type="button" icon="pi pi-plus" label={stockTexts.addLine} text onClick={() => onChange([...lines, emptyLine()])} />
      </div>
    </fieldset>
  );
}
