import { useMemo, type KeyboardEvent, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { MultiSelect } from 'primereact/multiselect';
import type { Option, ReferenceDisplay, ResourceKey } from '@goc/contracts';
import { useOptionLabels, useOptionSearch } from '../../../lib/resources/use-options';
import { formTexts } from '../form-texts';

function OptionLabel({ option }: { option: Option }) {
  return (
    <span className="inline-flex items-center gap-2">
      {option.icon && <i className={`${option.icon} text-base`} aria-hidden="true" />}
      {option.color && /^#[0-9a-f]{6}$/i.test(option.color) && (
        <span className="inline-block h-3 w-3 shrink-0 rounded-full" style={{ background: option.color }} aria-hidden="true" />
      )}
      {option.label}
    </span>
  );
}

const displayOption = (c: ReferenceDisplay): Option => ({ value: c.id, label: c.label, ...(c.icon ? { icon: c.icon } : {}), ...(c.color ? { color: c.color } : {}) });

/**
 * The page the server found, plus the values the picker holds: a since-deactivated row, or one
 * outside the current page, stays visible in the record that uses it instead of showing blank.
 */
function withHeld(page: readonly Option[], held: readonly Option[]): Option[] {
  return [...held.filter((h) => !page.some((o) => o.value === h.value)), ...page];
}

/**
 * Options for the values held: their joined display values when the record carries them, the
 * labels fetched with `ids=` for the others (a filter from the URL, a pre-filled copy).
 */
function useHeldOptions(target: ResourceKey | undefined, values: readonly number[], known: readonly ReferenceDisplay[]): Option[] {
  const missing = values.filter((v) => !known.some((k) => k.id === v));
  const { data: fetched = [] } = useOptionLabels(target, missing);
  return useMemo(
    () => [...known.filter((k) => values.includes(k.id)).map(displayOption), ...fetched.filter((o) => values.includes(Number(o.value)))],
    [known, fetched, values],
  );
}

type OptionSearch = ReturnType<typeof useOptionSearch>;

/** Shown in place of the arrow while a search is on its way; unlike `loading`, it does not block opening the panel. */
const LOADING_ICON = 'pi pi-spinner pi-spin';

/** Keyboard handler PrimeReact passes to a custom filter at runtime (arrows and Enter move through the options). */
function filterKeyDown(options: object): ((event: KeyboardEvent) => void) | undefined {
  return 'filterInputKeyDown' in options && typeof options.filterInputKeyDown === 'function'
    ? (options.filterInputKeyDown as (event: KeyboardEvent) => void)
    : undefined;
}

/**
 * The search box of the panel. It replaces PrimeReact's own filter, which would filter the page
 * again in the browser (without folding accents); here every keystroke goes to the server as `q`.
 */
function SearchFilter({ search, onKeyDown }: { search: OptionSearch; onKeyDown?: (event: KeyboardEvent) => void }) {
  return (
    <div className="p-dropdown-filter-container w-full">
      <InputText
        value={search.text}
        onChange={(event) => search.setText(event.target.value)}
        onKeyDown={onKeyDown}
        aria-label={formTexts.searchOptions}
        placeholder={formTexts.searchOptionsPlaceholder}
        autoFocus
        className="p-dropdown-filter w-full"
      />
      <span className="p-dropdown-filter-icon pi pi-search" aria-hidden="true" />
    </div>
  );
}

/** Under the options: widen the page, or ask to narrow the search once the page is at its maximum. */
function MoreFooter({ search }: { search: OptionSearch }): ReactNode {
  if (search.canLoadMore) {
    return (
      <div className="flex justify-center p-2">
        <Button type="button" label={formTexts.moreOptions} icon="pi pi-angle-down" text size="small" onClick={search.loadMore} loading={search.isLoading} />
      </div>
    );
  }
  if (search.hasMore) return <p className="m-0 p-2 text-sm text-(--text-color-secondary)">{formTexts.narrowSearch}</p>;
  return null;
}

interface ReferencePickerProps {
  id?: string;
  target: ResourceKey | undefined;
  value: number | null;
  onChange: (value: number | null) => void;
  /** The record's joined display value of this reference (edit). */
  current?: ReferenceDisplay | null;
  required?: boolean;
  /** Dependent picker: the owner row its options belong to; null while the owner is not chosen. */
  parentId?: number | null;
  /** Label of the field a dependent picker waits for. */
  parentLabel?: string;
  /** Only rows whose target's declared filter field holds one of these values (the field's `offer`). */
  filter?: readonly string[] | null;
  invalid?: boolean;
  describedBy?: string;
  ariaLabel?: string;
  className?: string;
}

/**
 * A picker over GET /<resource>/options that scales to any table: the server searches the typed
 * words and answers a bounded page ("Mostrar más" widens it), icons and colours are shown, a
 * dependent picker asks only for its owner's rows, and the held value keeps its label.
 */
export function ReferencePicker({ id, target, value, onChange, current, required, parentId, parentLabel, filter, invalid, describedBy, ariaLabel, className = 'w-full' }: ReferencePickerProps) {
  const dependent = parentId !== undefined;
  const waitingForParent = dependent && parentId === null;
  const search = useOptionSearch(target, { parentId, filter, enabled: !waitingForParent });
  const values = useMemo(() => (value === null ? [] : [value]), [value]);
  const known = useMemo(() => (current && current.id === value ? [current] : []), [current, value]);
  const held = useHeldOptions(target, values, known);
  const options = useMemo(() => withHeld(search.options, held), [search.options, held]);

  return (
    <Dropdown
      inputId={id}
      value={value}
      options={options}
      optionLabel="label"
      optionValue="value"
      filter
      filterTemplate={(templateOptions) => <SearchFilter search={search} onKeyDown={filterKeyDown(templateOptions)} />}
      panelFooterTemplate={() => <MoreFooter search={search} />}
      onHide={() => search.setText('')}
      showClear={!required}
      dropdownIcon={search.isLoading ? LOADING_ICON : undefined}
      disabled={waitingForParent}
      itemTemplate={(option: Option) => <OptionLabel option={option} />}
      valueTemplate={(option: Option | null, props) => (option ? <OptionLabel option={option} /> : props.placeholder)}
      placeholder={waitingForParent && parentLabel ? formTexts.selectParentFirst(parentLabel) : formTexts.selectOption}
      emptyMessage={formTexts.emptyOptions}
      onChange={(event) => onChange(typeof event.value === 'number' ? event.value : null)}
      invalid={invalid}
      aria-describedby={describedBy}
      aria-label={ariaLabel}
      className={className}
    />
  );
}

interface MultiReferencePickerProps {
  id?: string;
  target: ResourceKey | undefined;
  value: number[];
  onChange: (value: number[]) => void;
  current?: readonly ReferenceDisplay[];
  invalid?: boolean;
  describedBy?: string;
}

const NO_DISPLAYS: readonly ReferenceDisplay[] = [];

/** Several rows of another resource (a supplier's material categories) as chips, searched on the server like ReferencePicker. */
export function MultiReferencePicker({ id, target, value, onChange, current = NO_DISPLAYS, invalid, describedBy }: MultiReferencePickerProps) {
  const search = useOptionSearch(target);
  const held = useHeldOptions(target, value, current);
  const options = useMemo(() => withHeld(search.options, held), [search.options, held]);
  return (
    <MultiSelect
      inputId={id}
      value={value}
      options={options}
      optionLabel="label"
      optionValue="value"
      display="chip"
      filter
      filterTemplate={(templateOptions) => <SearchFilter search={search} onKeyDown={filterKeyDown(templateOptions)} />}
      panelFooterTemplate={() => <MoreFooter search={search} />}
      onHide={() => search.setText('')}
      dropdownIcon={search.isLoading ? LOADING_ICON : undefined}
      placeholder={formTexts.selectOptions}
      emptyMessage={formTexts.emptyOptions}
      onChange={(event) => onChange(Array.isArray(event.value) ? (event.value as number[]) : [])}
      invalid={invalid}
      aria-describedby={describedBy}
      className="w-full"
    />
  );
}
