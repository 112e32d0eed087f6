import { useRef, type KeyboardEvent } from 'react';
import { Calendar, type CalendarProps } from 'primereact/calendar';
import { DomHandler } from 'primereact/utils';
import { businessToday, fromIsoDay, toIsoDay } from '@goc/contracts';

/** Where the focus goes on from a field: its dialog, filter menu or form, else the page. */
const FOCUS_SCOPE = '[role="dialog"], .p-column-filter-overlay, form';

/** The day a calendar opens on, in this order: the chosen one, today, the first one that can be chosen. */
const DAY_CELLS = ['span[data-p-highlight="true"]', 'td.p-datepicker-today span:not([data-p-disabled="true"])', 'table td span:not([data-p-disabled="true"])'];

/** Moves the focus to the field after `element` in its scope's tab order (none after it: stays). */
function focusNextAfter(element: HTMLElement) {
  const scope = element.closest<HTMLElement>(FOCUS_SCOPE) ?? document.body;
  const tabbable = DomHandler.getFocusableElements(scope) as HTMLElement[];
  const next = tabbable[tabbable.indexOf(element) + 1];
  (next ?? element).focus();
}

/**
 * PrimeReact's Calendar as a keyboard user expects a date field to be: the field is typed into
 * (dd/mm/aaaa) and Tab goes on to the next field. PrimeReact opens its calendar as the field takes
 * the focus and moves the focus into it, where Tab cycles until Escape; here the calendar opens
 * only when asked — ↓ in the field (then ←↑→↓ choose a day, Enter takes it, Escape returns) or the
 * icon — and Tab in it closes it and goes on to the next field (Shift+Tab back to the field).
 */
export function KeyboardCalendar({ pt, onShow, onHide, ...props }: CalendarProps) {
  const calendar = useRef<Calendar>(null);
  const onPanelKeyDown = (event: KeyboardEvent) => {
    const input = calendar.current?.getInput();
    if (event.key !== 'Tab' || !input) return;
    // Before the day's or button's own handler, which would keep the focus in the calendar.
    event.preventDefault();
    event.stopPropagation();
    calendar.current?.hide();
    if (event.shiftKey) input.focus();
    else focusNextAfter(input);
  };
  // PrimeReact moves the focus to a day before its panel is in place and loses it to the page:
  // once the panel is shown, the chosen day (else today, else the first day) takes it.
  const focusDay = () => {
    const panel = calendar.current?.getOverlay();
    if (panel && !panel.contains(document.activeElement)) DAY_CELLS.map((selector) => panel.querySelector<HTMLElement>(selector)).find(Boolean)?.focus();
    onShow?.();
  };
  // A day taken with Enter closes the panel with the focus in it, which leaves it on the page: back to the field.
  const refocusField = () => {
    const active = document.activeElement;
    if (active === null || active === document.body) calendar.current?.getInput()?.focus();
    onHide?.();
  };
  return (
    <Calendar
      ref={calendar}
      showOnFocus={false}
      showIcon
      onShow={focusDay}
      onHide={refocusField}
      pt={{ ...pt, panel: { onKeyDownCapture: onPanelKeyDown } }}
      {...props}
    />
  );
}

interface DateInputProps {
  id: string;
  value: string | null;
  onChange: (value: string | null) => void;
  invalid?: boolean;
  disabled?: boolean;
  describedBy?: string;
  /** No day before today in Mexico City is offered (an order's required date). */
  notPast?: boolean;
}

/** A calendar day in Spanish (dd/mm/yy, week from Monday) travelling as 'YYYY-MM-DD'. */
export function DateInput({ id, value, onChange, invalid, disabled, describedBy, notPast }: DateInputProps) {
  return (
    <KeyboardCalendar
      inputId={id}
      minDate={notPast ? fromIsoDay(businessToday()) : undefined}
      value={value ? fromIsoDay(value) : null}
      onChange={(event) => onChange(event.value instanceof Date ? toIsoDay(event.value) : null)}
      dateFormat="dd/mm/yy"
      placeholder="dd/mm/aaaa"
      showButtonBar
      invalid={invalid}
      disabled={disabled}
      aria-describedby={describedBy}
      className="w-full"
    />
  );
}
