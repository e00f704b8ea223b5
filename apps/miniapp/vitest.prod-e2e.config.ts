import { defineProject } from 'vitest/config'

// The production deploy run locally (`pnpm preview:prod`): production bundles
// under the Firebase Hosting + Functions + Auth emulators with the repository's
// firebase.json, driven through the Hosting URL in headless Chromium with the
// World App simulator. It starts everything it needs itself, on its own ports
// (tooling/scripts/previewProd.mjs), next to the test stack.
export default defineProject({
  test: {
    name: 'miniapp-prod-e2e',
    include: ['e2e/prod/**/*.prod-e2e.test.ts'],
    environment: 'node',
    // With the other browser tests: one file at a time (vitest.app-e2e.config.ts).
    maxWorkers: 1,
    sequence: { groupOrder: 1 },
    testTimeout: 120_000,
    // Building the bundles and starting the emulators.
    hookTimeout: 240_000,
  },
})
