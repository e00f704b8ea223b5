import { defineConfig } from 'vitest/config'

// One vitest run over every workspace project, so the root test command
// reports a single set of counts and one coverage report.
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts'],
    coverage: {
      provider: 'v8',
      include: ['packages/minikit/src/**/*.ts', 'packages/react-bindings/src/**/*.{ts,tsx}'],
      exclude: ['**/*.test.{ts,tsx}', '**/*.test-d.{ts,tsx}', '**/*.bench.ts', '**/exports/**', '**/types.ts'],
      reporter: ['text-summary', 'json-summary'],
      thresholds: {
        'packages/minikit/src/**': { lines: 90 },
        'packages/react-bindings/src/**': { lines: 90 },
      },
    },
  },
})
