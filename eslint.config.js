// Lint rules; the layer rules below enforce design.md's import directions.
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
