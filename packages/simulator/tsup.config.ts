import { defineConfig } from 'tsup'

// build.mjs builds into a folder of its own and swaps it in (dist/ is never half-written).
const outDir = process.env.SIMULATOR_OUT_DIR ?? 'dist'

export default defineConfig([
  // Per-module output, like @worldmap/minikit, so the verifier subpath stays
  // free of the in-page host and its UI.
  {
    entry: [
      'src/**/*.ts',
      '!src/**/*.test.ts',
      '!src/**/*.test-d.ts',
      '!src/**/*.bench.ts',
      '!src/browser/global.ts',
      '!src/browser/bootGlobal.ts',
    ],
    format: ['esm'],
    bundle: false,
    dts: false,
    sourcemap: true,
    clean: false,
    target: 'es2022',
    outDir,
  },
  // One self-contained file for a <script> tag, Playwright's addInitScript
  // and the Vite plugin: it must run before the app, with no module loader.
  {
    entry: { 'simulator.global': 'src/browser/global.ts', 'simulator.boot': 'src/browser/bootGlobal.ts' },
    format: ['iife'],
    bundle: true,
    noExternal: [/.*/],
    platform: 'browser',
    minify: true,
    sourcemap: false,
    clean: false,
    target: 'es2020',
    outDir,
    outExtension: () => ({ js: '.js' }),
  },
])
