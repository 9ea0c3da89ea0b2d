// Lint rules; the layer rules below enforce the import directions of docs/architecture.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const nodeBuiltins = [
  'node:*',
  'fs',
  'path',
  'os',
  'child_process',
  'crypto',
  'http',
  'https',
  'net',
  'stream',
  'url',
  'util',
  'events',
  'worker_threads',
];
const banNode = nodeBuiltins.map((name) => ({
  group: [name],
  message: 'Node built-ins are not allowed in this layer.',
}));
const banElectron = {
  group: ['electron', 'electron/*'],
  message: "Only src-main/electron and src-main/preload may import 'electron'.",
};
const banRenderer = { group: ['**/src-renderer/**'], message: 'src-main never imports src-renderer.' };
const banMain = { group: ['**/src-main/**'], message: 'This layer never imports src-main.' };
const banReact = {
  group: ['react', 'react-dom', 'react/*', 'react-dom/*'],
  message: 'shared/ and src-main/ do not import React.',
};

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The inner layers: which folder may not import which. `from` and `to` are repo-relative paths (posix); a rule
 * whose `forbids(from, to)` holds reports its message; `tests: false` exempts *.test.ts(x) files (integration tests
 * may drive a store through the API). Each rule has a fixture in lint-fixtures/ that breaks it.
 */
const innerLayers = [
  {
    id: 'toolbox-contract',
    forbids: (from, to) =>
      from.startsWith('src-main/core/toolbox/') && /^src-main\/core\/(engines|brains|personas|app|api)\//.test(to),
    message: 'The ToolBox contract (core/toolbox) imports nothing of engines, brains, personas, the app or the API.',
  },
  {
    id: 'engines',
    forbids: (from, to) =>
      from.startsWith('src-main/core/engines/') && /^src-main\/core\/(personas|app|api)\//.test(to),
    message: 'Loop engines (core/engines) do not import personas, the app (core/app) or the API (core/api).',
  },
  {
    id: 'app-api',
    tests: false,
    forbids: (from, to) =>
      (from.startsWith('src-main/core/') &&
        !/^src-main\/core\/(app|api)\//.test(from) &&
        /^src-main\/core\/(app|api)\//.test(to)) ||
      (from.startsWith('src-main/core/app/') && to.startsWith('src-main/core/api/')),
    message:
      'Only core/api and the surfaces import the app (core/app), and only the surfaces import the API (core/api): the app assembles the core, the API serves the app.',
  },
  {
    id: 'stores',
    tests: false,
    forbids: (from, to) => {
      const a = /^src-main\/core\/(personas|settings|sessions)\//.exec(from);
      const b = /^src-main\/core\/(personas|settings|sessions|engines|brains)\//.exec(to);
      return Boolean(a && b && a[1] !== b[1]);
    },
    message:
      'The stores (core/personas, core/settings, core/sessions) import neither each other nor engines or brains: shared file helpers live in core/.',
  },
  {
    id: 'store-lib',
    forbids: (from, to) => /^src-renderer\/(store|lib)\//.test(from) && to.startsWith('src-renderer/features/'),
    message: 'store/ and lib/ never import features/: move what they need into lib/ (or store/).',
  },
  {
    id: 'components',
    forbids: (from, to) =>
      from.startsWith('src-renderer/components/') && /^src-renderer\/(store|features|transport)\//.test(to),
    message: 'components/ take props and import no store (nor features or transport): the caller passes the state in.',
  },
  {
    id: 'features',
    forbids: (from, to) => {
      const a = /^src-renderer\/features\/([^/]+)\//.exec(from);
      const b = /^src-renderer\/features\/([^/]+)(\/|$)/.exec(to);
      return Boolean(a && b && a[1] !== b[1]);
    },
    message: 'Features do not import each other: move what two features share into components/ (or lib/).',
  },
];

/** The `layers/inner` rule: resolves relative imports (static, re-exports, dynamic) and checks innerLayers. */
const layersPlugin = {
  rules: {
    inner: {
      meta: { type: 'problem', schema: [], docs: { description: 'Import directions of the inner layers.' } },
      create(context) {
        const from = path.relative(root, context.filename).split(path.sep).join('/');
        const isTest = /\.test\.tsx?$/.test(from);
        const check = (source) => {
          if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
          if (!source.value.startsWith('.')) return;
          const to = path.posix.normalize(path.posix.join(path.posix.dirname(from), source.value));
          for (const rule of innerLayers)
            if ((rule.tests !== false || !isTest) && rule.forbids(from, to))
              context.report({ node: source, message: `[${rule.id}] ${rule.message}` });
        };
        return {
          ImportDeclaration: (node) => check(node.source),
          ExportNamedDeclaration: (node) => check(node.source),
          ExportAllDeclaration: (node) => check(node.source),
          ImportExpression: (node) => check(node.source),
        };
      },
    },
  },
};

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'release/**',
      'node_modules/**',
      'coverage/**',
      'examples/**/dist/**',
      '.data/**',
      '.scratch/**',
      // Files that break the layer rules on purpose; tests/lint-layers.test.ts lints each at the path it mirrors.
      'lint-fixtures/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['src-main/**/*.ts', 'src-renderer/**/*.{ts,tsx}'],
    plugins: { layers: layersPlugin },
    rules: { 'layers/inner': 'error' },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...banNode, banElectron, banRenderer, banMain, banReact] }],
    },
  },
  {
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/electron/**', 'src-main/preload/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [banElectron, banRenderer, banReact] }] },
  },
  {
    files: ['src-main/electron/**/*.ts', 'src-main/preload/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [banRenderer, banReact] }] },
  },
  {
    files: ['src-renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: [...banNode, banElectron, banMain] }],
    },
  },
);
