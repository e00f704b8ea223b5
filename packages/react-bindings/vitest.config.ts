import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'react',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'happy-dom',
    // wallet-auth builds its SIWE message from the page URL.
    environmentOptions: { happyDOM: { url: 'https://worldmap.test/' } },
    setupFiles: ['./test/setup.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    typecheck: { enabled: true, include: ['src/**/*.test-d.{ts,tsx}'] },
  },
})
