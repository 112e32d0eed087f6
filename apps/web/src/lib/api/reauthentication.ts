import { isAxiosError, type AxiosInstance } from 'axios';
import { REAUTHENTICATION_REQUIRED } from '@goc/contracts';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Set on the replay after «Confirma tu contraseña»: it never asks twice. */
    reauthenticated?: boolean;
  }
}

/*
 * Sensitive changes need a recent password (docs/security.md "Re-authentication"): the API answers
 * 403 ReauthenticationRequired; the SPA asks for the password (components/reauth) and replays the
 * request once. Without a dialog mounted (the login page), the error passes through.
 */

type Asker = () => Promise<boolean>;
let asker: Asker | null = null;
let asking: Promise<boolean> | null = null;

/** The shell's «Confirma tu contraseña» dialog registers here; returns the unregistration. */
export function setReauthenticationAsker(next: Asker): () => void {
  asker = next;
  return () => {
    if (asker === next) asker = null;
  };
}

export function installReauthenticationInterceptor(instance: AxiosInstance): void {
  instance.interceptors.response.use(undefined, async (error: unknown) => {
    if (!isAxiosError(error) || !error.config || error.config.reauthenticated || !asker) throw error;
    const body = error.response?.data as { error?: unknown } | undefined;
    if (error.response?.status !== 403 || body?.error !== REAUTHENTICATION_REQUIRED) throw error;
    // Requests refused together share one question.
    asking ??= asker().finally(() => {
      asking = null;
    });
    if (!(await asking)) throw error;
    return instance.request({ ...error.config, reauthenticated: true });
  });
}
