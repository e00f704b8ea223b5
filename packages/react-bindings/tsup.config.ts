import { defineConfig } from 'tsup'

// Hooks only work in client components; the directive keeps React Server
// Component frameworks from importing them on the server by mistake.
export default defineConfig({
  entry: { index: 'src/exports/index.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', '@worldmap/minikit', 'viem', 'zod'],
  banner: { js: "'use client'" },
})
