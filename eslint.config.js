import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import boundaries from 'eslint-plugin-boundaries';
import { ELEMENTS, allowedTargets } from './scripts/layers.mjs';

export default tseslint.config(
  { ignores: ['node_modules', 'out', 'dist', '.data', 'test-results', 'playwright-report', 'release'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Imports only point down (scripts/layers.mjs says which way is down).
    files: ['src/**/*.{ts,tsx,mts}'],
    plugins: { boundaries },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'] } },
      'boundaries/elements': ELEMENTS.map((element) => ({
        type: element.type,
        pattern: element.capture ?? element.pattern,
        // 'full': patterns match the whole path from the repository root (plugin v7 still warns that it prefers
        // partialMatch, whose folder matching did not classify single files such as routing/paths.ts).
        mode: 'full',
        ...(element.capture ? { capture: ['name'] } : {}),
      })),
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: ELEMENTS.flatMap((element) => {
            const from = { element: { type: element.type } };
            const others = allowedTargets(element).filter((type) => !(element.capture && type === element.type));
            const policies = [{ from, allow: { to: { element: { types: { anyOf: others } } } } }];
            if (element.capture) {
              policies.push({ from, allow: { to: { element: { type: element.type, captured: { name: '{{ from.element.captured.name }}' } } } } });
            }
            for (const type of element.typesFrom ?? []) {
              policies.push({ from, allow: { to: { element: { type } }, dependency: { kind: 'type' } } });
            }
            return policies;
          }),
        },
      ],
    },
  },
);
