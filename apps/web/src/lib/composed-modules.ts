import { createContext, useContext } from 'react';
import type { ComposedModules } from './modules';

/** The composed feature modules (app/route-pages), given by the app's providers. */
export const ComposedModulesContext = createContext<ComposedModules | null>(null);

export function useComposedModules(): ComposedModules {
  const modules = useContext(ComposedModulesContext);
  if (!modules) throw new Error('useComposedModules needs ComposedModulesContext (AppProviders gives it)');
  return modules;
}
