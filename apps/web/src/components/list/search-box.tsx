import { useEffect, useState } from 'react';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';
import { MAX_SEARCH_LENGTH } from '@goc/contracts';
import { listTexts } from './list-texts';

/** Pause after the last keystroke before the search goes to the URL (and the API). */
export const SEARCH_DEBOUNCE_MS = 300;

interface SearchBoxProps {
  /** The applied search (from the URL). */
  value: string | undefined;
  onSearch: (q: string | undefined) => void;
  delay?: number;
}

/** Global search of a list: debounced, and following the URL when back / forward changes it. */
export function SearchBox({ value, onSearch, delay = SEARCH_DEBOUNCE_MS }: SearchBoxProps) {
  const [text, setText] = useState(value ?? '');
  const [applied, setApplied] = useState(value);
  // The URL changed under us (back / forward, "Limpiar"): show what is applied now.
  if (applied !== value) {
    setApplied(value);
    setText(value ?? '');
  }

  useEffect(() => {
    const wanted = text.trim() === '' ? undefined : text.trim();
    if (wanted === value) return;
    const timer = setTimeout(() => onSearch(wanted), delay);
    return () => clearTimeout(timer);
  }, [text, value, onSearch, delay]);

  return (
    <IconField iconPosition="left" className="w-full sm:w-72">
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        value={text}
        maxLength={MAX_SEARCH_LENGTH}
        onChange={(event) => setText(event.target.value)}
        placeholder={listTexts.searchPlaceholder}
        aria-label={listTexts.search}
        className="w-full"
      />
    </IconField>
  );
}
