import { defineProject } from 'vitest/config'

// The app end to end: the production build, made for the local stack's ports,
// served by its own server and driven in headless Chromium with the World App
// simulator, against the real Auth/Functions emulators and database. The
// stack's globalSetup runs first (it reuses WORLDMAP_STACK or starts one), then
// ours builds and serves the app for it.
export default defineProject({
  test: {
    name: 'miniapp-app-e2e',
    include: ['e2e/app/**/*.app-e2e.test.ts'],
    environment: 'node',
    // Browser tests, one file at a time, after the unit projects: two Chromiums
    // against one stack on two cores made the timed chaos cases unreliable.
    maxWorkers: 1,
    // One worker for all the files, not a fresh one per file: the files share no module state (each opens its
    // own Chromium and session), and a fresh worker cost 1.5–5 s per file in imports before its first test
    // (10 files A/B: 21.8 s → 7.3 s between files; 125 s over the 25 files of a clean-clone run).
    isolate: false,
    sequence: { groupOrder: 1 },
    globalSetup: ['../../tooling/stack/vitestGlobalSetup.mjs', './e2e/app/globalSetup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
})
