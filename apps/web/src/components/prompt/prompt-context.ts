import { createContext } from 'react';
import type { PromptApi } from './prompt-types';

export const PromptContext = createContext<PromptApi | null>(null);
