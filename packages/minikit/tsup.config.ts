import { defineConfig } from 'tsup'

export default defineConfig({
  entry: {
    index: 'src/exports/index.ts',
    siwe: 'src/exports/siwe.ts',
  },
  format: ['esm'],
  dts: true,
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  target: 'es2022',
})
