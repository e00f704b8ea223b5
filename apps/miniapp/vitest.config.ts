import react from '@vitejs/plugin-react'
import { defineProject } from 'vitest/config'

// Components run in happy-dom, the server and pure modules in node (per
// file: `// @vitest-environment` where it differs from the default below).
export default defineProject({
  plugins: [react()],
  test: {
    name: 'miniapp',
    include: ['src/**/*.test.{ts,tsx}', 'pages/**/*.test.{ts,tsx}', 'test/**/*.test.{ts,tsx}'],
    environment: 'node',
    // A worker keeps its modules from one file to the next (isolate: false): a fresh module graph and environment
    // per file was most of the unit projects' time (minikit + game + react alone: 225 s → 101 s; miniapp 191 s →
    // 119 s). The functions project keeps isolation: its logger tests mock a module its other files have loaded.
    isolate: false,
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    setupFiles: ['./test/setup.ts'],
  },
})
