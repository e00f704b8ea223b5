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
    environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
    restoreMocks: true,
    unstubGlobals: true,
    unstubEnvs: true,
    setupFiles: ['./test/setup.ts'],
  },
})
