import { createContext } from 'react';
import type { ToastStore } from './toast-store';

export const ToastContext = createContext<ToastStore | null>(null);
