import { defineProject } from 'vitest/config'

export default defineProject({
  test: { name: 'stack', include: ['*.test.ts'], environment: 'node' },
})
