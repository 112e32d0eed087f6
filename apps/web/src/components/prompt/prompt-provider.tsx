import { lazy, Suspense, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { PromptContext } from './prompt-context';
import { acceptedValue, canAccept, INITIAL_PROMPT_STATE, type PromptState, type PromptValue } from './prompt-rules';
import type { MultiSelectPromptOptions, PromptApi, SelectPromptOptions, TextPromptOptions } from './prompt-types';

type Resolve = (value: PromptState['value']) => void;

// Dropdown and MultiSelect weigh ~90 kB: they load with the first prompt, not with the app.
const PromptDialog = lazy(() => import('./prompt-dialog').then((m) => ({ default: m.PromptDialog })));

/** One prompt dialog for the app; every accept or cancel resets it to INITIAL_PROMPT_STATE (SPEC §4). */
export function PromptProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<PromptState>(INITIAL_PROMPT_STATE);
  // Counts the prompts opened, so a prompt replacing an open one is focused again.
  const [opened, setOpened] = useState(0);
  const resolver = useRef<Resolve | null>(null);

  const open = useCallback((next: Omit<PromptState, 'visible'>) => {
    // A new prompt replaces an open one, which counts as cancelled.
    resolver.current?.(null);
    return new Promise<PromptState['value']>((resolve) => {
      resolver.current = resolve;
      setOpened((n) => n + 1);
      setState({ ...next, visible: true });
    });
  }, []);

  const finish = useCallback((value: PromptState['value']) => {
    const resolve = resolver.current;
    resolver.current = null;
    setState(INITIAL_PROMPT_STATE);
    resolve?.(value);
  }, []);

  const accept = useCallback(() => {
    if (canAccept(state)) finish(acceptedValue(state));
  }, [state, finish]);

  const cancel = useCallback(() => finish(null), [finish]);

  const api = useMemo<PromptApi>(
    () => ({
      text: (o: TextPromptOptions) =>
        open({ type: 'text', header: o.header, message: o.message, value: o.value ?? '', options: [], placeholder: o.placeholder, maxlength: o.maxlength }) as Promise<string | null>,
      select: <V extends PromptValue>(o: SelectPromptOptions<V>) =>
        open({ type: 'select', header: o.header, message: o.message, value: o.value ?? null, options: o.options, placeholder: o.placeholder }) as Promise<V | null>,
      multiselect: <V extends PromptValue>(o: MultiSelectPromptOptions<V>) =>
        open({
          type: 'multiselect',
          header: o.header,
          message: o.message,
          value: o.value ?? [],
          options: o.options,
          placeholder: o.placeholder,
          minSelected: o.minSelected,
          maxSelected: o.maxSelected,
        }) as Promise<V[] | null>,
    }),
    [open],
  );

  return (
    <PromptContext.Provider value={api}>
      {children}
      {opened > 0 && (
        <Suspense fallback={null}>
          <PromptDialog state={state} openId={opened} onChange={(value) => setState((s) => ({ ...s, value }))} onAccept={accept} onCancel={cancel} />
        </Suspense>
      )}
    </PromptContext.Provider>
  );
}
