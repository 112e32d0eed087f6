import { describe, expect, it } from 'vitest';
import { initialChunks } from '../../build/login-budget';

const chunk = (fileName: string, imports: string[], extra: { isEntry?: boolean; facadeModuleId?: string } = {}) => ({
  fileName,
  imports,
  isEntry: extra.isEntry ?? false,
  facadeModuleId: extra.facadeModuleId ?? null,
});

describe('initialChunks (the /login budget)', () => {
  it('counts the entry and the page with their static imports, never what loads later', () => {
    const chunks = [
      chunk('index.js', ['react.js'], { isEntry: true }),
      chunk('react.js', ['runtime.js']),
      chunk('runtime.js', []),
      chunk('login-page.js', ['react.js', 'form-bits.js'], { facadeModuleId: '/repo/apps/web/src/features/auth/login-page.tsx' }),
      chunk('form-bits.js', []),
      // Dynamic imports (sign-in, the shell, other pages) do not appear in `imports`.
      chunk('sign-in.js', ['zod.js']),
      chunk('zod.js', []),
      chunk('shell.js', ['primereact.js']),
    ];
    expect(initialChunks(chunks, '/src/features/auth/login-page.tsx')).toEqual(['form-bits.js', 'index.js', 'login-page.js', 'react.js', 'runtime.js']);
  });

  it('refuses to measure a build without the page', () => {
    expect(() => initialChunks([chunk('index.js', [], { isEntry: true })], '/src/features/auth/login-page.tsx')).toThrow(
      'No hay un fragmento para /src/features/auth/login-page.tsx',
    );
  });
});
