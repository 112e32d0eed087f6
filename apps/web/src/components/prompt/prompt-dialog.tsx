import { useEffect, useId, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import { es } from '../../i18n/es';
import { AppDialog } from '../app-dialog';
import { PrimeProvider } from '../prime/prime-provider';
import {
  counterText,
  MULTISELECT_SCROLL_HEIGHT,
  placeholderOf,
  PROMPT_FOCUS_DELAY_MS,
  selectionHints,
  type PromptState,
  type PromptValue,
} from './prompt-rules';

interface PromptDialogProps {
  state: PromptState;
  /** Changes with every prompt opened. */
  openId: number;
  onChange: (value: PromptState['value']) => void;
  onAccept: () => void;
  onCancel: () => void;
}

const FOCUSABLE = 'input:not([type="hidden"]), textarea, [tabindex]:not([tabindex="-1"])';

export function PromptDialog({ state, openId, onChange, onAccept, onCancel }: PromptDialogProps) {
  // While the dialog plays its closing transition the (already reset) state would show an empty
  // dialog; it keeps drawing the last open one instead.
  const [shown, setShown] = useState(state);
  if (state.visible && state !== shown) setShown(state);
  const content = useRef<HTMLDivElement>(null);
  const messageId = useId();

  useEffect(() => {
    if (!state.visible) return;
    const timer = setTimeout(() => content.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus(), PROMPT_FOCUS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [state.visible, openId]);

  const placeholder = placeholderOf(shown);
  const hints = shown.type === 'multiselect' ? selectionHints(shown) : [];

  const footer = (
    <div className="flex justify-end gap-2">
      <Button type="button" label={es.cancel} text onClick={onCancel} />
      <Button type="button" label={es.accept} icon="pi pi-check" onClick={onAccept} />
    </div>
  );

  return (
    <PrimeProvider>
      <AppDialog visible={state.visible} header={shown.header} footer={footer} onHide={onCancel} dismissableMask closeOnEscape>
        <div ref={content} className="flex flex-col gap-3">
          {shown.message && (
            <p id={messageId} className="m-0 leading-relaxed">
              {shown.message}
            </p>
          )}
          {shown.type === 'text' && (
            <div className="flex flex-col gap-1">
              <InputText
                value={typeof shown.value === 'string' ? shown.value : ''}
                onChange={(e) => onChange(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    onAccept();
                  }
                }}
                maxLength={shown.maxlength}
                placeholder={placeholder}
                aria-describedby={shown.message ? messageId : undefined}
                className="w-full"
              />
              {shown.maxlength !== undefined && (
                <small className="self-end text-(--text-color-secondary)" aria-live="polite">
                  {counterText(typeof shown.value === 'string' ? shown.value : '', shown.maxlength)}
                </small>
              )}
            </div>
          )}
          {shown.type === 'select' && (
            <Dropdown
              value={shown.value}
              options={shown.options}
              optionLabel="label"
              optionValue="value"
              onChange={(e) => onChange(e.value as PromptValue | null)}
              placeholder={placeholder}
              filter={shown.options.length > 8}
              aria-describedby={shown.message ? messageId : undefined}
              className="w-full"
            />
          )}
          {shown.type === 'multiselect' && (
            <div className="flex flex-col gap-1">
              <MultiSelect
                value={Array.isArray(shown.value) ? shown.value : []}
                options={shown.options}
                optionLabel="label"
                optionValue="value"
                onChange={(e) => onChange(e.value as PromptValue[])}
                placeholder={placeholder}
                display="chip"
                filter={shown.options.length > 8}
                scrollHeight={MULTISELECT_SCROLL_HEIGHT}
                aria-describedby={shown.message ? messageId : undefined}
                className="w-full"
              />
              {hints.length > 0 && (
                <div className="flex gap-3 text-sm text-(--text-color-secondary)">
                  {hints.map((hint) => (
                    <span key={hint}>{hint}</span>
                  ))}
                </div>
              )}
            </div>
          )}
        </div>
      </AppDialog>
    </PrimeProvider>
  );
}
