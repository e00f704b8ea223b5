import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'functions',
    include: ['src/**/*.test.ts'],
    // Those need the local stack: the `functions-emulator` project runs them.
    exclude: ['src/**/*.emulator.test.ts'],
    environment: 'node',
    restoreMocks: true,
  },
})
