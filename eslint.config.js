import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

/** One-way imports (docs/architecture.md "Import rules"): contracts → api / web shared code → features → app. */
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

/** Date methods that read or write the process's zone. */
const LOCAL_ZONE_METHODS = ['getFullYear', 'getMonth', 'getDate', 'getDay', 'getHours', 'getMinutes', 'getSeconds', 'getTimezoneOffset',
  'setFullYear', 'setMonth', 'setDate', 'setHours', 'setMinutes', 'setSeconds', 'toLocaleDateString', 'toLocaleTimeString', 'toDateString', 'toTimeString'];

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/migrations/**', 'packages/client/src/schema.d.ts', 'data/**', 'test-results/**', 'playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  // Days and hours are Mexico City's whatever the browser's or server's zone: only the dates module
  // (packages/contracts/src/dates) may read or build a date in the process's own zone.
  {
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'],
    ignores: ['packages/contracts/src/dates/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...LOCAL_ZONE_METHODS.map((property) => ({ property, message: 'depends on the process zone: use the dates module (@goc/contracts dates)' })),
        { object: 'Intl', property: 'DateTimeFormat', message: 'formats in the process zone unless told: use the dates module (@goc/contracts dates)' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length>1]", message: 'builds a date in the process zone: use the dates module (@goc/contracts dates)' },
        { selector: "ImportDeclaration[source.value=/^(date-fns|@date-fns)/]", message: 'date-fns works in the process zone: use the dates module (@goc/contracts dates)' },
      ],
    },
  },
  // No import cycles anywhere in the sources; a type-only import does not count (it leaves no runtime edge).
  {
    files: ['packages/*/src/**/*.ts', 'apps/*/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['apps/*/tsconfig.json', 'packages/*/tsconfig.json'], noWarnOnMultipleProjects: true })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true, allowUnsafeDynamicCyclicDependency: false }] },
  },
  {
    files: ['packages/contracts/**/*.ts'],
    rules: restrict([{ group: ['**/apps/**', '@goc/api', '@goc/web', 'react', 'fastify', 'drizzle-orm'], message: 'contracts depend on zod and date-fns only' }]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**', 'apps/web/src/i18n/**'],
    rules: restrict([{ group: ['**/features/**', '**/app/**'], message: 'shared web code must not import features or app' }]),
  },
  // A sibling feature is only recognisable relative to the importing file's depth, hence one block per depth.
  // (gitignore-style groups cannot express it: '../*/**' also caught '../../components/…'.)
  {
    files: ['apps/web/src/features/*/*.{ts,tsx}'],
    rules: restrict([
      { regex: '(^|/)app/', message: 'features must not import app' },
      { regex: '^\\.\\./(?!\\.\\./)|(^|/)features/', message: 'a feature never imports another feature; move shared code to components/ or lib/' },
    ]),
  },
  {
    files: ['apps/web/src/features/*/*/**/*.{ts,tsx}'],
    rules: restrict([
      { regex: '(^|/)app/', message: 'features must not import app' },
      { regex: '^\\.\\./\\.\\./(?!\\.\\./)|(^|/)features/', message: 'a feature never imports another feature; move shared code to components/ or lib/' },
    ]),
  },
  {
    files: ['apps/api/src/lib/**'],
    rules: restrict([
      { group: ['**/modules/**'], message: 'lib must not import modules' },
      { group: ['**/plugins/**'], message: 'lib is a leaf: it must not import plugins (plugins import lib)' },
    ]),
  },
  // Same rule for the API's modules: a module never reaches into another one; shared code lives in lib/.
  {
    files: ['apps/api/src/modules/*/*.ts'],
    rules: restrict([
      { regex: '^\\.\\./(?!\\.\\./)|(^|/)modules/', message: 'a module never imports another module; move shared code to lib/' },
    ]),
  },
  {
    files: ['apps/api/src/modules/*/*/**/*.ts'],
    rules: restrict([
      { regex: '^\\.\\./\\.\\./(?!\\.\\./)|(^|/)modules/', message: 'a module never imports another module; move shared code to lib/' },
    ]),
  },
);
