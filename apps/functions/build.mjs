#!/usr/bin/env node
// Bundle the functions as self-contained deploy units: workspace packages
// (@worldmap/minikit) and small libraries are inlined, so `firebase deploy`
// never needs pnpm's workspace links; only the Firebase SDKs stay external
// (Cloud Functions installs them from the unit's package.json). The emulator
// loads the same files and resolves those two from apps/functions/node_modules.
//
//   node build.mjs                                  the game functions → dist/ (codebase `default`)
//   node build.mjs --ssr <vike build dir>           the server-rendered app → dist-ssr/ (codebase `ssr`)
//   node build.mjs [--ssr <dir>] --outdir <dir>     the same into another directory (preview:prod, tests)
//
// The SSR unit wraps the app's own server (apps/miniapp/pages/+server.ts, as
// `vike build` emitted it under <vike build dir>/server) in a 2nd-gen
// `onRequest` function. It consumes the app's build output only, never its
// source, so it runs after `vike build` and is not part of the turbo build.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { parseFlags } from '../../tooling/scripts/parseFlags.mjs'

const here = dirname(fileURLToPath(import.meta.url))
const pkg = JSON.parse(readFileSync(join(here, 'package.json'), 'utf8'))
const external = ['firebase-admin', 'firebase-functions']

/** The specifier src/ssr/ssrFunction.ts imports the app server by; resolved below. */
export const APP_SERVER_SPECIFIER = 'virtual:worldmap-app-server'

/**
 * The module of a Vike production build whose default export is the app
 * server's `{ fetch }` (pages/+server.ts behind universal-deploy's router):
 * the one `dist/server/index.mjs` imports as its `userServerEntry` before it
 * starts a Node server. Importing index.mjs itself would start that server.
 *
 * @param {string} vikeDist  the `vike build` outDir (holds server/ and client/)
 * @returns {string} absolute path
 */
export function findAppServerEntry(vikeDist) {
  const index = join(vikeDist, 'server/index.mjs')
  if (!existsSync(index)) throw new Error(`${index} is missing: run \`vike build\` first`)
  const source = readFileSync(index, 'utf8')
  const match = /const\s*\{\s*default:\s*userServerEntry\s*\}\s*=\s*await import\(\s*["'](\.\/[^"']+)["']\s*\)/.exec(source)
  if (!match?.[1]) {
    throw new Error(
      `${index} does not import its user server entry the way @universal-deploy/node 0.1 does; ` +
        'update findAppServerEntry() in apps/functions/build.mjs for the new layout',
    )
  }
  return join(vikeDist, 'server', match[1])
}

/**
 * @param {{ entry: string, outdir: string, plugins?: import('esbuild').Plugin[], splitting?: boolean, define?: Record<string, string> }} options
 */
async function bundle({ entry, outdir, plugins = [], splitting = false, define = {} }) {
  rmSync(outdir, { recursive: true, force: true })
  mkdirSync(outdir, { recursive: true })
  await build({
    entryPoints: { index: entry },
    outdir,
    entryNames: '[name]',
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.js' },
    bundle: true,
    splitting,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    define,
    external: external.flatMap((name) => [name, `${name}/*`]),
    // Bundled CommonJS dependencies may call require() on Node built-ins.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    plugins,
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
        // Cloud Functions runtime for deploys (firebase.json says nodejs22 too); the local emulator runs on the host's Node.
        engines: { node: '22' },
        dependencies: Object.fromEntries(external.map((name) => [name, pkg.dependencies[name]])),
      },
      null,
      2,
    )}\n`,
  )
}

/**
 * Bundle the game functions (src/main.ts: every function of src/index.ts, with
 * its secrets declared) into `outdir`.
 *
 * @param {{ outdir?: string }} [options]
 */
export async function buildFunctions({ outdir = join(here, 'dist') } = {}) {
  await bundle({ entry: join(here, 'src/main.ts'), outdir })
  return outdir
}

/**
 * Bundle the server-rendered app's function (src/ssr/ssrFunction.ts) around
 * the app server of the Vike build in `vikeDist` into `outdir`. The app server
 * is a chunk of its own, loaded on the first request: it reads its
 * configuration at import, which deploy-time discovery (no secrets, no
 * environment) must never do.
 *
 * @param {{ vikeDist: string, outdir?: string }} options
 */
export async function buildSsrFunction({ vikeDist, outdir = join(here, 'dist-ssr') }) {
  const appServer = findAppServerEntry(resolve(vikeDist))
  /** @type {import('esbuild').Plugin} */
  const appServerPlugin = {
    name: 'worldmap-app-server',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /^virtual:worldmap-app-server$/ }, () => ({ path: appServer }))
      // `vike build` writes the path of the last build's server entry into this file of
      // @brillout/vite-plugin-server-entry (in node_modules, shared by every build on the
      // machine). The app server chunk registers its build itself, so Vike never asks the
      // auto-importer: a stub keeps some other build's path out of the bundle.
      pluginBuild.onLoad({ filter: /vite-plugin-server-entry[\\/]dist[\\/]esm[\\/]runtime[\\/]autoImporter\.js$/ }, () => ({
        contents: "export const status = 'UNSET'",
        loader: 'js',
      }))
    },
  }
  await bundle({
    entry: join(here, 'src/ssr/ssrFunction.ts'),
    outdir,
    plugins: [appServerPlugin],
    splitting: true,
    // React and friends pick their production builds by NODE_ENV: fold it, so only those are bundled.
    define: { 'process.env.NODE_ENV': '"production"' },
  })
  return outdir
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseFlags(process.argv.slice(2), {
    usage: 'node build.mjs [--ssr <vike build dir>] [--outdir <dir>]',
    options: { ssr: { type: 'string' }, outdir: { type: 'string' } },
  })
  // Both are string options: parseArgs gives a string or nothing.
  const { ssr, outdir: outdirFlag } = /** @type {{ ssr?: string, outdir?: string }} */ (values)
  const outdir = outdirFlag ? resolve(outdirFlag) : undefined
  if (ssr) {
    const dir = await buildSsrFunction({ vikeDist: ssr, ...(outdir ? { outdir } : {}) })
    console.log(`server-rendered app function bundled to ${dir}`)
  } else {
    const dir = await buildFunctions(outdir ? { outdir } : {})
    console.log(`functions bundled to ${dir}`)
  }
}
