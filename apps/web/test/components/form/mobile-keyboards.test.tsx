import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CATALOGS, type ResourceField } from '@goc/contracts';
import { FieldInput } from '../../../src/components/form/field-input';

/** One declared field of a catalogue, by name. */
function fieldOf(fields: readonly ResourceField[], name: string): ResourceField {
  const found = fields.find((f) => f.name === name);
  if (!found) throw new Error(`no field ${name}`);
  return found;
}

function renderField(field: ResourceField) {
  render(
    <>
      <label htmlFor="f">{field.label}</label>
      <FieldInput id="f" field={field} value={null} onChange={() => undefined} values={{}} record={null} invalid={false} />
    </>,
  );
  return screen.getByLabelText(field.label);
}

describe('phone keyboards (issue 20)', () => {
  const employees = CATALOGS.employees.fields;

  it('CURP and RFC ask for capitals, without autocorrect', () => {
    for (const name of ['curp', 'rfc']) {
      const input = renderField(fieldOf(employees, name));
      expect(input).toHaveAttribute('autocapitalize', 'characters');
      expect(input).toHaveAttribute('autocorrect', 'off');
      expect(input).not.toHaveAttribute('inputmode');
      document.body.innerHTML = '';
    }
  });

  it('NSS opens the digits keyboard', () => {
    const input = renderField(fieldOf(employees, 'nss'));
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).not.toHaveAttribute('autocapitalize');
  });

  it('a quantity and a price open the decimal keyboard', () => {
    const lines = CATALOGS.materials.fields;
    const price = lines.find((f) => f.type === 'money');
    expect(price, 'a money field on materials').toBeDefined();
    expect(renderField(price!)).toHaveAttribute('inputmode', 'decimal');
  });
});
