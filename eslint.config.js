import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

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
    // issue 14: antd names an icon after its glyph, in English ("download", "user"), and that name
    // joins the accessible name of the button or link around it. Every icon says which it is:
    // decorative (aria-hidden) or meaningful (a Portuguese aria-label).
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
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
      ],
    },
  },
);
