import { useContext } from 'react';
import { PromptContext } from './prompt-context';
import type { PromptApi } from './prompt-types';

export function usePrompt(): PromptApi {
  const api = useContext(PromptContext);
  if (!api) throw new Error('usePrompt() needs <PromptProvider>');
  return api;
}
