import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'simulator',
    include: ['src/**/*.test.ts', 'e2e/**/*.test.ts'],
    environment: 'happy-dom',
    restoreMocks: true,
  },
})
