import { createContext } from 'react';
import type { ConfirmApi } from './confirm-types';

export const ConfirmContext = createContext<ConfirmApi | null>(null);
