import { defineConfig } from 'tsup'

// One output file per source module (no bundling): consumers' bundlers can
// then drop every module an app does not import, even though command files
// build their zod schemas at module level. Declarations come from tsc.
export default defineConfig({
  entry: ['src/**/*.ts', '!src/**/*.test.ts', '!src/**/*.test-d.ts', '!src/**/*.bench.ts', '!src/**/testing/**'],
  format: ['esm'],
  bundle: false,
  dts: false,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  outDir: 'dist',
})
