import { createContext } from 'react';
import type { APIOptions } from 'primereact/api';

/**
 * Settings laid over PRIME_CONFIG wherever PrimeReact's provider is (tests turn CSS transitions
 * off). A plain context, so the entry, which carries no PrimeReact, can hold it.
 */
export const PrimeOverridesContext = createContext<Partial<APIOptions>>({});
