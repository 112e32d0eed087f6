/* The options of an enum field and their colours, apart from the fields' machinery: a status tag needs only these. */

/**
 * Colours of status rows and tags: PrimeReact's Tag severities plus two more hues, so a workflow's
 * eight statuses can each have their own.
 */
export const SEVERITIES = ['success', 'info', 'warn', 'danger', 'secondary', 'contrast', 'cyan', 'purple'] as const;
export type Severity = (typeof SEVERITIES)[number];

export interface EnumOption<V extends string = string> {
  value: V;
  label: string;
  /** Tag colour when the value is shown as a Tag. */
  severity?: Severity;
}

export const SEVERITY_OPTIONS: readonly EnumOption<Severity>[] = [
  { value: 'success', label: 'Verde (éxito)', severity: 'success' },
  { value: 'info', label: 'Azul (información)', severity: 'info' },
  { value: 'warn', label: 'Naranja (advertencia)', severity: 'warn' },
  { value: 'danger', label: 'Rojo (peligro)', severity: 'danger' },
  { value: 'secondary', label: 'Gris (secundario)', severity: 'secondary' },
  { value: 'contrast', label: 'Negro (contraste)', severity: 'contrast' },
  { value: 'cyan', label: 'Turquesa', severity: 'cyan' },
  { value: 'purple', label: 'Morado', severity: 'purple' },
];
