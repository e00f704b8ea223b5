#!/usr/bin/env node
// First-load JS of a route, measured on the production build: boot
// dist/server/index.mjs, fetch the page's HTML, take every script and
// modulepreload it references plus the static imports of those files
// (import() targets are lazy and not counted), and gzip (level 9) each.
//
//   pnpm --filter @worldmap/miniapp build && node scripts/measureFirstLoad.mjs [/path] [--budget-kib=120.75]
//
// `measureFirstLoad()` is the same measurement for code that already has the
// HTML (the end-to-end budget test, against a build made for its stack).

import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { parseFlags } from '../../../tooling/scripts/parseFlags.mjs'
import { appDir, startAppServer } from './appServer.mjs'

/**
 * The JS a page's HTML loads before anything lazy: its `<script src>` and
 * `<link rel="modulepreload">` files and, transitively, their static imports.
 *
 * @param {{ html: string, clientDir: string }} options  clientDir: the build's `dist/client`
 * @returns {{ totalGzip: number, files: { url: string, gzip: number }[] }} files largest first, URLs as served
 * @example
 * const { totalGzip } = measureFirstLoad({ html, clientDir: 'dist/client' })
 */
export function measureFirstLoad({ html, clientDir }) {
  const referenced = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
    (m) => /** @type {string} */ (m[1]),
  )
  /** @type {Set<string>} */
  const urls = new Set()
  /** @param {string} url */
  const visit = (url) => {
    if (urls.has(url)) return
    urls.add(url)
    const code = readFileSync(join(clientDir, url.replace(/^\//, '')), 'utf8')
    // Static imports only: `import … from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
      visit(join(dirname(url), /** @type {string} */ (m[1])))
    }
  }
  for (const url of referenced) visit(url)

  let totalGzip = 0
  const files = [...urls].map((url) => {
    const gzip = gzipSync(readFileSync(join(clientDir, url.replace(/^\//, ''))), { level: 9 }).length
    totalGzip += gzip
    return { url, gzip }
  })
  files.sort((a, b) => b.gzip - a.gzip)
  return { totalGzip, files }
}

async function main() {
  const { values, positionals } = parseFlags(process.argv.slice(2), {
    usage: 'node scripts/measureFirstLoad.mjs [/path] [--budget-kib=120.75]',
    options: { 'budget-kib': { type: 'string' } },
    allowPositionals: true,
    check: ({ 'budget-kib': budget }, paths) => {
      if (paths.length > 1 || (paths[0] !== undefined && !paths[0].startsWith('/'))) return 'one route, starting with /'
      return budget === undefined || Number(budget) > 0 ? undefined : '--budget-kib takes a number of KiB above 0'
    },
  })
  const route = positionals[0] ?? '/'
  const budgetKiB = Number(values['budget-kib'] ?? 120.75)
  const app = await startAppServer({ serverEntry: join(appDir, 'dist/server/index.mjs'), nonceSecret: 'm'.repeat(32) })
  try {
    const html = await (await fetch(`${app.url}${route}`)).text()
    const { totalGzip, files } = measureFirstLoad({ html, clientDir: join(appDir, 'dist/client') })
    for (const { url, gzip } of files) console.log(`${(gzip / 1024).toFixed(2).padStart(8)} KiB  ${url}`)
    const ok = totalGzip <= budgetKiB * 1024
    console.log(
      `first-load JS of ${route}: ${(totalGzip / 1024).toFixed(2)} KiB gzip in ${files.length} files (budget ${budgetKiB} KiB) ${ok ? 'ok' : 'OVER'}`,
    )
    process.exitCode = ok ? 0 : 1
  } finally {
    await app.stop()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
