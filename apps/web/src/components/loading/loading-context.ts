import { createContext } from 'react';

export interface LoadingApi {
  /** Turns the overlay on; every show() needs its hide() (nested long actions keep it on until the last ends). */
  show(): void;
  hide(): void;
  /** Shows the overlay while `work` runs and hides it however it ends. */
  run<T>(work: Promise<T> | (() => Promise<T>)): Promise<T>;
}

export const LoadingContext = createContext<LoadingApi | null>(null);
