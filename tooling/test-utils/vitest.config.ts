import { defineProject } from 'vitest/config'

// The shared test helpers' own tests.
export default defineProject({
  test: { name: 'test-utils', include: ['*.test.ts'], environment: 'node' },
})
