#!/usr/bin/env node
// Bundle the functions into dist/ as a self-contained deploy unit: workspace
// packages (@worldmap/minikit) and small libraries are inlined, so
// `firebase deploy` from dist/ never needs pnpm's workspace links; only the
// Firebase SDKs stay external (Cloud Functions installs them from
// dist/package.json). The emulator loads the same dist/ and resolves those
// two from apps/functions/node_modules.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const here = dirname(fileURLToPath(import.meta.url))
const outdir = join(here, 'dist')
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'))
const external = ['firebase-admin', 'firebase-functions']

rmSync(outdir, { recursive: true, force: true })
mkdirSync(outdir, { recursive: true })
await build({
  entryPoints: [join(here, 'src/index.ts')],
  outfile: join(outdir, 'index.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: external.flatMap((name) => [name, `${name}/*`]),
  // Bundled CommonJS dependencies may call require() on Node built-ins.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
})
writeFileSync(
  join(outdir, 'package.json'),
  `${JSON.stringify(
    {
      name: 'worldmap-functions',
      private: true,
      type: 'module',
      main: 'index.js',
      // Cloud Functions runtime for deploys; the local emulator runs on the host's Node.
      engines: { node: '22' },
      dependencies: Object.fromEntries(external.map((name) => [name, pkg.dependencies[name]])),
    },
    null,
    2,
  )}\n`,
)
console.log(`functions bundled to ${outdir}`)
