import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noImportCycle from './scripts/eslint/noImportCycle.js';

// issue 14: antd names an icon after its glyph, in English ("download", "user"), and that name
// joins the accessible name of the button or link around it. Every icon says which it is:
// decorative (aria-hidden) or meaningful (a Portuguese aria-label).
const ICON_RULES = [
  {
    selector:
      'JSXOpeningElement[name.name=/(Outlined|Filled|TwoTone)$/]:not(:has(JSXAttribute[name.name="aria-hidden"])):not(:has(JSXAttribute[name.name="aria-label"]))',
    message: 'Give the icon aria-hidden (decorative) or a Portuguese aria-label: antd names it in English after its glyph.',
  },
  {
    selector: 'JSXOpeningElement[name.name="Alert"]:has(JSXAttribute[name.name="showIcon"]):not(:has(JSXAttribute[name.name="icon"]))',
    message: 'Give a showIcon Alert icon={<AlertIcon type=… />}: antd names its own icon in English ("info-circle").',
  },
  {
    selector: 'CallExpression[callee.property.name="confirm"] > ObjectExpression:first-child:not(:has(Property[key.name="icon"]))',
    message: 'Give modal.confirm icon: CONFIRM_ICON: antd names its own icon in English ("exclamation-circle").',
  },
  {
    selector: 'CallExpression[callee.name="createElement"] > Identifier.arguments:first-child[name=/(Outlined|Filled|TwoTone)$/]',
    message: 'Create the icon as JSX with aria-hidden or a Portuguese aria-label.',
  },
];

/**
 * issue 16: imports run one way, pages → components → hooks/providers → domain, and resources are
 * definitions below the pages. Each layer lists the folders above it; a dynamic import() counts too
 * (a lazy page in a definition is still a dependency on the page).
 */
const ABOVE = {
  components: ['pages'],
  hooks: ['pages', 'components'],
  providers: ['pages', 'components'],
  i18n: ['pages', 'components', 'hooks', 'resources'],
  resources: ['pages', 'components', 'hooks', 'providers'],
};
const abovePatterns = (folders) => folders.flatMap((f) => [`**/${f}/**`, `../${f}`, `../../${f}`]);
const dynamicImportOf = (folders) => ({
  selector: `ImportExpression[source.value=/(^|\\/)(${folders.join('|')})\\//]`,
  message: `Imports run one way (pages → components → hooks/providers → domain): this layer may not load ${folders.join(', ')}.`,
});

/**
 * issue 16: one data layer. Pages, components and hooks call through Refine's data hooks and
 * src/hooks/useApi.ts (the one data provider), never TanStack Query or an HTTP client of their own.
 */
const DATA_LAYER = [
  { name: '@tanstack/react-query', message: 'Use Refine data hooks or src/hooks/useApi.ts (useApiQuery, useApiList, useApiWrite, useApiCall): every call goes through the one data provider.' },
  { name: 'axios', message: 'Calls go through the data provider: use Refine data hooks or src/hooks/useApi.ts.' },
];
const HTTP_CLIENT = {
  group: ['**/providers/http'],
  importNames: ['http', 'createHttp'],
  message: 'The HTTP client belongs to the data and auth providers: use Refine data hooks or src/hooks/useApi.ts.',
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', 'coverage', 'server/db/migrations', 'bench/results'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'warn',
    },
  },
  {
    // The domain is shared by the browser and the server: it must not reach for either.
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['react', 'react-*', 'antd', '@refinedev/*', 'axios', 'fastify', 'drizzle-orm*', 'node:*', 'pg', '../providers/*', '../../server/*'] }],
    },
  },
  {
    // issue 16 (server): routes are a schema and a call, services own the SQL and the rules and
    // know nothing of HTTP (server/http/errorHandler.ts maps their DomainError), and no module of the
    // server reaches itself through its imports.
    files: ['server/**/*.ts'],
    plugins: { local: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'local/no-import-cycle': 'error' },
  },
  {
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/db', '**/db/*', 'drizzle-orm', 'drizzle-orm/*'], message: 'A route is a schema and a call: put the query in a service (server/services).' },
          ],
        },
      ],
    },
  },
  {
    files: ['server/services/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', '@fastify/*'], message: 'Services know nothing of HTTP: throw a DomainError (server/services/errors.ts).' },
            { group: ['**/http', '**/http/*', '**/routes', '**/routes/*', '**/plugins', '**/plugins/*'], message: 'Imports run routes → services → db: a service may not import the HTTP layer.' },
          ],
        },
      ],
    },
  },
  // The icons everywhere, and for each layer the folders above it it may not import.
  { files: ['src/**/*.tsx'], rules: { 'no-restricted-syntax': ['error', ...ICON_RULES] } },
  ...Object.entries(ABOVE).map(([layer, folders]) => ({
    files: [`src/${layer}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: abovePatterns(folders), message: `Imports run one way (pages → components → hooks/providers → domain): ${layer} may not import ${folders.join(', ')}.` },
            ...(layer === 'providers' ? [] : [HTTP_CLIENT]),
          ],
          ...(layer === 'providers' ? {} : { paths: DATA_LAYER }),
        },
      ],
      'no-restricted-syntax': ['error', ...ICON_RULES, dynamicImportOf(folders)],
    },
  })),
  {
    files: ['src/pages/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { paths: DATA_LAYER, patterns: [HTTP_CLIENT] }] },
  },
);
