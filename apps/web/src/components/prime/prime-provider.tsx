import { useContext, type ReactNode } from 'react';
import { PrimeReactProvider } from 'primereact/api';
import { PRIME_CONFIG } from '../../lib/prime-config';
import { PrimeOverridesContext } from './prime-overrides';

/**
 * PrimeReact's provider (PRIME_CONFIG with the overrides) around what draws PrimeReact widgets: the
 * shell and the shared dialogs, which load on demand. Not in the entry: PrimeReact's core (its API
 * and utilities) would be downloaded and evaluated before anything is drawn, /login included.
 */
export function PrimeProvider({ children }: { children: ReactNode }) {
  const overrides = useContext(PrimeOverridesContext);
  return <PrimeReactProvider value={{ ...PRIME_CONFIG, ...overrides }}>{children}</PrimeReactProvider>;
}
