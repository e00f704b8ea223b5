import { defineProject } from 'vitest/config'

export default defineProject({
  test: {
    name: 'minikit',
    include: ['src/**/*.test.ts'],
    environment: 'happy-dom',
    // A worker keeps its modules from one file to the next (isolate: false): a fresh module graph and environment
    // per file was most of the unit projects' time (minikit + game + react alone: 225 s → 101 s; miniapp 191 s →
    // 119 s). The functions project keeps isolation: its logger tests mock a module its other files have loaded.
    isolate: false,
    restoreMocks: true,
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'] },
  },
})
