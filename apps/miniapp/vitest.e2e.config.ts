import { defineProject } from 'vitest/config'

// The map's real-browser test: builds a page with Vite and drives headless
// Chromium, so it runs in node, apart from the happy-dom unit tests.
export default defineProject({
  test: {
    name: 'miniapp-e2e',
    include: ['e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
})
