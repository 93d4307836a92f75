// One lint configuration for the whole monorepo.
import fs from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const webFeatures = 'apps/web/src/features';
// One zone per feature: import-x matches `except` against absolute paths when `from` is a glob,
// so each feature gets its own zone that allows its own folder only.
const features = fs.existsSync(webFeatures)
  ? fs
      .readdirSync(webFeatures, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

const serverModules = 'apps/server/src/modules';
// One zone per server module: no module imports another's repository (each uses the other's face,
// app.<face>, typed from its index.ts).
const modules = fs.existsSync(serverModules)
  ? fs
      .readdirSync(serverModules, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];

const noBareString = {
  selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
  message: 'Use text() from @cellsight/contract: it refuses NUL characters, which PostgreSQL cannot store.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', 'apps/server/drizzle/**', '**/test-results/**', '**/playwright-report/**', '.test-output/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node }, ecmaVersion: 2023, sourceType: 'module' },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      eqeqeq: ['error', 'smart'],
      curly: ['error', 'multi-line'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Packages never import apps; apps import packages by name, never by relative path.
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/*', '**/packages/*/src/*'], message: 'Import workspace packages by name.' }] }],
    },
  },
  {
    // Only the config module reads the environment.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/config.ts'],
    rules: { 'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read settings from the validated config module.' }] },
  },
  {
    // Every string the API or a logger sends goes through the contract's text(), which refuses NUL.
    files: ['packages/contract/src/**/*.ts', 'apps/server/src/**/*.ts'],
    ignores: ['packages/contract/src/text.ts', 'apps/server/src/config.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': ['error', noBareString],
    },
  },
  {
    // One way to declare an endpoint: route() from kit/route.ts.
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        noBareString,
        {
          selector: "CallExpression[callee.object.name='app'][callee.property.name=/^(get|post|put|delete|patch|route)$/]",
          message: 'Declare endpoints with route() from kit/route.ts (methods, access, input, result in one call).',
        },
      ],
    },
  },
  {
    // The server's layers, lowest first: lib (pure helpers) <- db <- access <- kit <- plugins <- modules
    // (scripts/architecture-metrics.mjs counts the same rule). db/schema.ts, the list of every
    // module's tables that migrations are generated from, is the one file of db/ that imports modules.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/server/src/lib', from: ['./apps/server/src/db', './apps/server/src/access', './apps/server/src/kit', './apps/server/src/plugins', './apps/server/src/modules'], message: 'lib/ holds pure helpers: it imports no other folder of the server.' },
            { target: './apps/server/src/db', from: ['./apps/server/src/access', './apps/server/src/kit', './apps/server/src/plugins'], message: 'db/ is below access/, kit/ and plugins/.' },
            { target: './apps/server/src/db/!(schema).ts', from: './apps/server/src/modules', message: 'Only db/schema.ts imports modules (their tables); a module seeds itself through app.ts.' },
            { target: './apps/server/src/access', from: ['./apps/server/src/kit', './apps/server/src/plugins', './apps/server/src/modules'], message: 'access/ (who the caller is, what it reaches) is below the kit, plugins and modules.' },
            { target: './apps/server/src/kit', from: ['./apps/server/src/plugins', './apps/server/src/modules'], message: 'The screen kit imports no plugin and no module: modules use it.' },
            { target: './apps/server/src/plugins', from: './apps/server/src/modules', message: 'Infrastructure plugins import no module: a module uses them.' },
          ],
        },
      ],
    },
  },
  {
    // Modules are above every layer, so this block's zones replace the layer zones only where none applies.
    files: [`${serverModules}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: modules.map((name) => ({
            target: `./${serverModules}/${name}`,
            from: `./${serverModules}/!(${name})/**/*.repository.ts`,
            message: "A module's repository is its own: use its face (app.<face>, typed from the module's index.ts).",
          })),
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    // Resolve the `@/` alias so the import rules see through it.
    settings: { 'import-x/resolver': { typescript: { project: 'apps/web/tsconfig.json' }, node: true } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'react-hooks/set-state-in-effect': 'off',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      // One-way imports: shared (kit, components, lib, locales) <- features <- app. Features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((name) => ({
              target: `./${webFeatures}/${name}`,
              from: `./${webFeatures}`,
              except: [`./${name}`],
              message: 'Features do not import each other; move shared code to src/kit, src/components or src/lib.',
            })),
            { target: './apps/web/src/features', from: './apps/web/src/app', message: 'Features do not import the app layer.' },
            { target: ['./apps/web/src/kit', './apps/web/src/components', './apps/web/src/lib', './apps/web/src/locales'], from: [`./${webFeatures}`, './apps/web/src/app'], message: 'Shared code does not import features or the app layer.' },
            { target: './apps/web/src/lib', from: ['./apps/web/src/kit', './apps/web/src/components'], message: 'lib/ is infrastructure (the API client, i18n, the session): it imports neither the kit nor components.' },
          ],
        },
      ],
    },
  },
);
