import { createHolds } from './holds';

/**
 * The open forms that hold unsaved input, whatever screen they are on: what a page reload would
 * lose. A form holds its place while dirty (components/form/unsaved-changes); the update notice
 * (app/pwa) asks before reloading the page for a new version of GOC.
 */
const unsavedInput = createHolds();

/** Marks one form as holding unsaved input; the returned function lets go (saved, discarded, closed). */
export function holdUnsavedInput(): () => void {
  return unsavedInput.hold();
}

export function hasUnsavedInput(): boolean {
  return unsavedInput.held();
}

/** Whether some open form holds unsaved input, re-rendering when that changes. */
export function useHasUnsavedInput(): boolean {
  return unsavedInput.useHeld();
}
