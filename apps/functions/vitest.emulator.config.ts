import { defineProject } from 'vitest/config'

// Tests against the real local stack: Auth + Functions emulators and the
// database stand-in, started once per run (see tooling/stack).
export default defineProject({
  test: {
    name: 'functions-emulator',
    include: ['src/**/*.emulator.test.ts'],
    environment: 'node',
    globalSetup: ['../../tooling/stack/vitestGlobalSetup.mjs'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // One backend for all files: keep them from racing each other's data.
    fileParallelism: false,
  },
})
