#!/usr/bin/env node
// First-load JS of a route, measured on the production build: boot
// dist/server/index.mjs, fetch the page's HTML, take every script and
// modulepreload it references plus the static imports of those files
// (import() targets are lazy and not counted), and gzip (level 9) each.
//
//   pnpm --filter @worldmap/miniapp build && node scripts/measureFirstLoad.mjs [/path] [--budget-kib=120]

import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const clientDir = join(appDir, 'dist/client')
const route = process.argv.slice(2).find((arg) => arg.startsWith('/')) ?? '/'
const budgetKiB = Number(process.argv.find((arg) => arg.startsWith('--budget-kib='))?.split('=')[1] ?? 120)

const freePort = () =>
  new Promise((done, fail) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => done(port))
    })
    server.on('error', fail)
  })

const port = await freePort()
const child = spawn(process.execPath, [join(appDir, 'dist/server/index.mjs')], {
  cwd: appDir,
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port), WORLDMAP_NONCE_SECRET: 'm'.repeat(32) },
  stdio: ['ignore', 'pipe', 'pipe'],
})
try {
  let html
  for (let attempt = 0; attempt < 100 && html === undefined; attempt++) {
    try {
      html = await (await fetch(`http://127.0.0.1:${port}${route}`)).text()
    } catch {
      await new Promise((done) => setTimeout(done, 100))
    }
  }
  if (html === undefined) throw new Error('production server did not answer')

  const referenced = [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
    (m) => m[1],
  )
  const files = new Set()
  const visit = (url) => {
    const file = join(clientDir, url.replace(/^\//, ''))
    if (files.has(file)) return
    files.add(file)
    const code = readFileSync(file, 'utf8')
    // Static imports only: `import … from"./x.js"` and `import"./x.js"`, never `import("./x.js")`.
    for (const m of code.matchAll(/(?:\bfrom|\bimport)\s*"(\.{1,2}\/[^"]+\.js)"/g)) {
      visit(join(dirname(url), m[1]))
    }
  }
  for (const url of referenced) visit(url)

  let total = 0
  const rows = [...files].map((file) => {
    const gzip = gzipSync(readFileSync(file), { level: 9 }).length
    total += gzip
    return [file.slice(clientDir.length), gzip]
  })
  rows.sort((a, b) => b[1] - a[1])
  for (const [file, gzip] of rows) console.log(`${(gzip / 1024).toFixed(2).padStart(8)} KiB  ${file}`)
  const ok = total <= budgetKiB * 1024
  console.log(
    `first-load JS of ${route}: ${(total / 1024).toFixed(2)} KiB gzip in ${files.size} files (budget ${budgetKiB} KiB) ${ok ? 'ok' : 'OVER'}`,
  )
  process.exitCode = ok ? 0 : 1
} finally {
  child.kill()
}
