import { getToken } from './session-store';
import { STORAGE_KEYS } from './storage-keys';

/**
 * What was typed in an open form when the session ended (inactivity, a 401, another tab), kept in
 * this tab's memory — never in storage, a shared device must not keep it — and given back to the
 * same form on the same page once the same person has signed in again.
 */
export interface FormDraft {
  /** Who owns the form (a resource's key) and which of its forms (a record's id, or 'new'). */
  owner: string;
  id: string;
  /** The page's path. */
  path: string;
  values: Record<string, unknown>;
  /** What the owner needs to open the form again (the record being edited). */
  context: unknown;
}

export interface OpenForm {
  owner: string;
  id: string;
  path: string;
  context: unknown;
  /** The form's values when it holds unsaved changes, else null. */
  unsaved: () => Record<string, unknown> | null;
}

let drafts: FormDraft[] = [];
/** The user the drafts belong to. */
let draftsUser: number | null = null;

/** The stored user's id, read without the schemas (the login page imports this module). */
function storedUserId(): number | null {
  try {
    const user = JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null') as { id?: unknown } | null;
    return typeof user?.id === 'number' ? user.id : null;
  } catch {
    return null;
  }
}

/**
 * A form opened while signed in. The returned function is its unmount: a form leaving because the
 * session ended (no token any more) leaves its unsaved values here; one closed, saved or left in a
 * live session leaves nothing.
 */
export function registerOpenForm(form: OpenForm): () => void {
  const userId = storedUserId();
  return () => {
    if (getToken() !== null) return;
    const values = form.unsaved();
    if (!values) return;
    if (draftsUser !== userId) drafts = [];
    draftsUser = userId;
    drafts = [...drafts.filter((d) => !(d.owner === form.owner && d.id === form.id && d.path === form.path)), { ...form, values }];
  };
}

/** Whether anything typed is waiting for the next sign-in. */
export function hasDrafts(): boolean {
  return drafts.length > 0;
}

/** At sign-in: drafts of another person are dropped unread. */
export function settleDrafts(userId: number): void {
  if (draftsUser !== userId) drafts = [];
  draftsUser = userId;
}

/** A draft of `owner` on `path` whose form is not open: the owner opens it, and the form takes the draft (takeDraft). */
export function draftToReopen(owner: string, path: string): FormDraft | undefined {
  return drafts.find((d) => d.owner === owner && d.path === path);
}

/** The draft of this very form, handed over once. */
export function takeDraft(owner: string, id: string, path: string): FormDraft | undefined {
  const draft = drafts.find((d) => d.owner === owner && d.id === id && d.path === path);
  if (draft) drafts = drafts.filter((d) => d !== draft);
  return draft;
}
