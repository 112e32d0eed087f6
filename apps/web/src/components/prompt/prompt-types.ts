import type { PromptOption, PromptValue } from './prompt-rules';

interface PromptBase {
  header: string;
  message: string;
  placeholder?: string;
}

export interface TextPromptOptions extends PromptBase {
  value?: string;
  maxlength?: number;
}

export interface SelectPromptOptions<V extends PromptValue> extends PromptBase {
  options: PromptOption<V>[];
  value?: V | null;
}

export interface MultiSelectPromptOptions<V extends PromptValue> extends PromptBase {
  options: PromptOption<V>[];
  value?: V[];
  minSelected?: number;
  maxSelected?: number;
}

/** Each method resolves with the accepted value, or null when the user cancels (button, Escape, backdrop). */
export interface PromptApi {
  text(options: TextPromptOptions): Promise<string | null>;
  select<V extends PromptValue>(options: SelectPromptOptions<V>): Promise<V | null>;
  multiselect<V extends PromptValue>(options: MultiSelectPromptOptions<V>): Promise<V[] | null>;
}
