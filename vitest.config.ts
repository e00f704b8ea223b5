import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One vitest run over every workspace project, so the root test command
// reports a single set of counts and one coverage report.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: on a 2-core machine
    // that is one worker, and the whole run went file by file (941 s). The unit
    // projects take 2 or more; the browser projects keep one (their own
    // `sequence.groupOrder`, see apps/miniapp/vitest.app-e2e.config.ts).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Every unit project runs each file in a fresh module graph and environment (vitest's default isolation). Without
    // it they were 200 s faster, but a file met what an earlier file in the same worker had left: the Firebase SDK's
    // instances with another file's emulator address, another file's listeners, an iOS `navigator.share`. Which files
    // share a worker depends on timing, so such a failure came and went with the machine (docs/test-time.md).
    projects: [
      'packages/*/vitest.config.ts',
      'apps/*/vitest.config.ts',
      'apps/*/vitest.*.config.ts',
      'tooling/*/vitest.config.ts',
    ],
    coverage: {
      provider: 'v8',
      include: [
        'packages/minikit/src/**/*.ts',
        'packages/react-bindings/src/**/*.{ts,tsx}',
        'packages/simulator/src/**/*.ts',
        'packages/game/src/**/*.ts',
        'apps/functions/src/**/*.ts',
        'apps/miniapp/src/**/*.{ts,tsx}',
        'apps/miniapp/pages/**/*.{ts,tsx}',
      ],
      exclude: [
        '**/*.test.{ts,tsx}',
        '**/*.test-d.{ts,tsx}',
        '**/*.bench.ts',
        '**/exports/**',
        '**/types.ts',
        // Runs only inside the browser page (covered by the Chromium tests, which v8 in Node cannot see).
        'packages/simulator/src/browser/**',
        // Wiring only, loaded by the Functions emulator (covered by the functions-emulator tests, out of v8's sight).
        'apps/functions/src/index.ts',
      ],
      reporter: ['text-summary', 'json-summary'],
      thresholds: {
        'packages/minikit/src/**': { lines: 90 },
        'packages/react-bindings/src/**': { lines: 90 },
        'packages/simulator/src/**': { lines: 90 },
        'packages/game/src/**': { lines: 90 },
        'apps/functions/src/**': { lines: 90 },
        'apps/miniapp/{src,pages}/**': { lines: 90 },
      },
    },
  },
})
