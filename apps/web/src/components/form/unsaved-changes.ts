import { useCallback, useEffect, useRef } from 'react';
import { useBeforeUnload, useBlocker } from 'react-router';
import { getToken } from '../../lib/session/session-store';
import { holdUnsavedInput } from '../../lib/unsaved-input';
import { useConfirm } from '../confirm/use-confirm';
import { formTexts } from './form-texts';

/**
 * Keeps what was typed in a form from being lost by accident: `confirmLeave(leave)` asks before
 * discarding unsaved changes (Escape, ×, «Cancelar»), and while the form is dirty leaving the page
 * through the router (a menu link, back) or reloading the tab asks too. `release()` lets a saved
 * form leave without asking before the next render has seen it clean. A dirty form also holds back
 * the reload that applies a new version of GOC (lib/unsaved-input).
 */
export function useUnsavedChanges(dirty: boolean) {
  const confirm = useConfirm();
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  const ask = useCallback(
    (leave: () => void, stay?: () => void) => {
      let left = false;
      confirm.require({
        header: formTexts.unsavedHeader,
        message: formTexts.unsavedMessage,
        icon: 'pi pi-exclamation-triangle',
        acceptLabel: formTexts.discard,
        rejectLabel: formTexts.keepEditing,
        acceptClassName: 'p-button-danger',
        defaultFocus: 'reject',
        accept: () => {
          left = true;
          dirtyRef.current = false;
          leave();
        },
        onHide: () => {
          if (!left) stay?.();
        },
      });
    },
    [confirm],
  );

  const confirmLeave = useCallback(
    (leave: () => void) => {
      if (dirtyRef.current) ask(leave);
      else leave();
    },
    [ask],
  );

  useEffect(() => (dirty ? holdUnsavedInput() : undefined), [dirty]);

  // A session that ended leaves for /login without asking: the form's values wait in the draft keeper (form-draft).
  const shouldBlock = useCallback(() => dirtyRef.current && getToken() !== null, []);
  const blocker = useBlocker(shouldBlock);
  useEffect(() => {
    if (blocker.state === 'blocked') ask(() => blocker.proceed(), () => blocker.reset());
  }, [blocker, ask]);

  useBeforeUnload(
    useCallback((event: BeforeUnloadEvent) => {
      if (dirtyRef.current) event.preventDefault();
    }, []),
  );

  const release = useCallback(() => {
    dirtyRef.current = false;
  }, []);

  return { confirmLeave, release };
}
