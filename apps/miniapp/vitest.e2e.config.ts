import { defineProject } from 'vitest/config'

// The map's real-browser test: builds a page with Vite and drives headless
// Chromium, so it runs in node, apart from the happy-dom unit tests.
export default defineProject({
  test: {
    name: 'miniapp-e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    // With the other browser tests: one file at a time (vitest.app-e2e.config.ts).
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
