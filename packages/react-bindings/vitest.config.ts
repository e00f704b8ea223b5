import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'react',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    restoreMocks: true,
    typecheck: { enabled: true, include: ['src/**/*.test-d.{ts,tsx}'] },
  },
})
