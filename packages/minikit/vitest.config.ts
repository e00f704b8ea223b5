import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'minikit',
    include: ['src/**/*.test.ts'],
    environment: 'happy-dom',
    restoreMocks: true,
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'] },
  },
})
