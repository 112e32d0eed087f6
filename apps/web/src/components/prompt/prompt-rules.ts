/** The prompt dialog's state and rules (SPEC §3, §4, §5, §9), free of React so they are tested directly. */
export type PromptType = 'text' | 'select' | 'multiselect';
export type PromptValue = string | number;

export interface PromptOption<V extends PromptValue = PromptValue> {
  label: string;
  value: V;
}

export interface PromptState {
  visible: boolean;
  type: PromptType;
  message: string;
  header: string;
  value: string | PromptValue | PromptValue[] | null;
  options: PromptOption[];
  placeholder?: string;
  maxlength?: number;
  minSelected?: number;
  maxSelected?: number;
}

export const PROMPT_FOCUS_DELAY_MS = 50;
export const SELECT_PLACEHOLDER = 'Selecciona una opción';
export const MULTISELECT_PLACEHOLDER = 'Selecciona una o varias opciones';
/** SPEC §9: the multiselect list is 14rem high. */
export const MULTISELECT_SCROLL_HEIGHT = '14rem';

/** Hidden and empty: where the dialog returns after every accept or cancel. */
export const INITIAL_PROMPT_STATE: PromptState = {
  visible: false,
  type: 'text',
  message: '',
  header: '',
  value: null,
  options: [],
};

export function placeholderOf(state: Pick<PromptState, 'type' | 'placeholder'>): string | undefined {
  if (state.placeholder !== undefined) return state.placeholder;
  if (state.type === 'select') return SELECT_PLACEHOLDER;
  if (state.type === 'multiselect') return MULTISELECT_PLACEHOLDER;
  return undefined;
}

/** 'n / max' under a text prompt with a maximum length. */
export function counterText(value: string, maxlength: number): string {
  return `${value.length} / ${maxlength}`;
}

/** 'Mín: n' and 'Máx: n' for the bounds a multiselect prompt declares. */
export function selectionHints(state: Pick<PromptState, 'minSelected' | 'maxSelected'>): string[] {
  const hints: string[] = [];
  if (state.minSelected !== undefined) hints.push(`Mín: ${state.minSelected}`);
  if (state.maxSelected !== undefined) hints.push(`Máx: ${state.maxSelected}`);
  return hints;
}

export function selectedCount(value: PromptState['value']): number {
  return Array.isArray(value) ? value.length : 0;
}

/**
 * Whether accept does anything. A multiselect outside [minSelected, maxSelected] refuses silently
 * (SPEC §5); a select needs a choice, since "nothing chosen" is what cancel answers.
 */
export function canAccept(state: PromptState): boolean {
  if (!state.visible) return false;
  if (state.type === 'multiselect') {
    const count = selectedCount(state.value);
    if (state.minSelected !== undefined && count < state.minSelected) return false;
    if (state.maxSelected !== undefined && count > state.maxSelected) return false;
    return true;
  }
  if (state.type === 'select') return state.value !== null && state.value !== undefined;
  return true;
}

/** The text prompt answers its text, cut to maxlength (the input already stops there). */
export function acceptedValue(state: PromptState): PromptState['value'] {
  if (state.type === 'text') {
    const text = typeof state.value === 'string' ? state.value : '';
    return state.maxlength !== undefined ? text.slice(0, state.maxlength) : text;
  }
  if (state.type === 'multiselect') return Array.isArray(state.value) ? state.value : [];
  return state.value;
}
