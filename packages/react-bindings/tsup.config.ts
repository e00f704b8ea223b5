import { defineConfig } from 'tsup'

// Hooks only work in client components; the directive keeps React Server
// Component frameworks from importing them on the server by mistake.
export default defineConfig({
  // One entry per public path; ./provider is an alias of ./minikit-provider (package.json).
  entry: { index: 'src/exports/index.ts', 'minikit-provider': 'src/exports/minikitProvider.ts' },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  external: ['react', 'react-dom', '@worldmap/minikit', 'viem', 'zod'],
  banner: { js: "'use client'" },
})
