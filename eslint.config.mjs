// The project's boundaries, enforced (`npm run lint`, part of `npm test`). Only boundary and safety
// rules are on: style is left to review and the style guide.
// - The core (src/onnx, src/shape, src/ops, src/plan, src/arena, src/report, src/analyze, src/optimize, src/cli) never imports `vscode`.
// - The layers, bottom up: src/onnx → src/shape → src/ops (the operator registry) → src/plan →
//   src/report → src/analyze. src/shape does not import src/ops (its caller gives inference the
//   registry's shape rules); src/ops does not import src/plan, src/report or src/analyze.
// - src/plan does not import src/report: the report is built from a finished plan, not the reverse.
// - src/arena (the BFC arena and memory-pattern simulation) imports neither src/report nor
//   src/analyze: it replays plain allocation events, and the pipeline feeds it.
// - src/report (the contract, its rules and renderers) does not import src/analyze (the pipeline
//   that builds it: decode, transforms, inference, plan, report).
// - webview/ imports types from src/, d3 modules and the VS Code web components; at run time it may
//   use only the pure, DOM-free modules the host shares with it (CODEC_MODULES), so no planner or
//   decoder code is bundled into the webview.
// - The host <-> webview protocol has no `any`.
// - The extension host awaits or voids every promise (a floating promise loses its error).
import tseslint from 'typescript-eslint';

/**
 * src/ modules the webview runs: the report transport codec, and the report rules that the CLI, the
 * host and the panel must apply identically (session label, byte format, live buffers, the sweep's
 * knees and polynomials);
 * and src/onnx/lensError, the error class the codec throws.
 */
const CODEC_MODULES = ['columnarReport', 'columnarTables', 'packedColumns', 'stringTable', 'describeSession', 'formatBytes', 'liveBuffers', 'sweep'];

const NO_VSCODE = { name: 'vscode', message: 'The core never imports vscode: host glue lives in src/vscode.' };

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.vscode-test/**', 'test-output/**', 'out/**', 'demo-output/**', 'media/**'] },
  {
    files: ['**/*.ts', '**/*.mts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
  },
  {
    files: ['src/analyze/**/*.ts', 'src/optimize/**/*.ts', 'src/cli/**/*.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { paths: [NO_VSCODE] }] },
  },
  {
    files: ['src/onnx/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [NO_VSCODE],
        patterns: [{ group: ['**/shape', '**/shape/*', '**/ops', '**/ops/*', '**/plan', '**/plan/*', '**/report', '**/report/*', '**/analyze', '**/analyze/*'], message: 'src/onnx is the bottom layer: it imports no other part of the project.' }],
      }],
    },
  },
  {
    files: ['src/shape/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [NO_VSCODE],
        patterns: [{ group: ['**/ops', '**/ops/*', '**/plan', '**/plan/*', '**/report', '**/report/*', '**/analyze', '**/analyze/*'], message: 'src/shape sits below the op registry: inference gets the shape rules from its caller (InferShapesOptions.rules).' }],
      }],
    },
  },
  {
    files: ['src/ops/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [NO_VSCODE],
        patterns: [{ group: ['**/plan', '**/plan/*', '**/report', '**/report/*', '**/analyze', '**/analyze/*'], message: 'src/ops (the operator registry) sits below src/plan: it holds facts and formulas, the planners use them.' }],
      }],
    },
  },
  {
    files: ['src/report/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [NO_VSCODE],
        patterns: [{ group: ['**/analyze', '**/analyze/*'], message: 'src/report is the contract and its renderers; the pipeline in src/analyze builds it, not the reverse.' }],
      }],
    },
  },
  {
    files: ['src/plan/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [NO_VSCODE],
        patterns: [{ group: ['**/report', '**/report/*'], message: 'src/plan does not import src/report; put what both need in src/plan (e.g. planTypes.ts).' }],
      }],
    },
  },
  {
    files: ['src/arena/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [NO_VSCODE],
        patterns: [{ group: ['**/report', '**/report/*', '**/analyze', '**/analyze/*'], message: 'src/arena replays plain events; src/analyze feeds it and src/report shows its results.' }],
      }],
    },
  },
  {
    files: ['webview/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        paths: [NO_VSCODE],
        patterns: [
          {
            regex: `/src/(?!(report/(${CODEC_MODULES.join('|')})|onnx/lensError)$)`,
            allowTypeImports: true,
            message: 'The webview imports only types from src/ (plus the shared codec modules listed in eslint.config.mjs).',
          },
          {
            regex: '^(?!\\.|d3-|@vscode-elements/elements/)',
            message: 'The webview imports only d3 modules and @vscode-elements/elements from packages.',
          },
        ],
      }],
    },
  },
  {
    files: ['src/report/protocol.ts', 'src/vscode/workerProtocol.ts', 'src/vscode/validateMessage.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'error' },
  },
  {
    files: ['src/vscode/**/*.ts'],
    // Under CI=true typescript-eslint would switch to its single-run mode, which reads a file from
    // disk instead of the text it is given: test/lint lints in-memory snippets at tree paths.
    languageOptions: { parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname, disallowAutomaticSingleRunInference: true } },
    rules: {
      '@typescript-eslint/no-restricted-imports': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
);
