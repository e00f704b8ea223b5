#!/usr/bin/env node
// `pnpm --filter @worldmap/simulator dev`: serve the demo page with the
// simulator injected in interactive mode. Prints the URL; Ctrl+C stops it.
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const port = Number(process.env.PORT ?? 5179)
const os = process.env.SIMULATOR_OS === 'android' ? 'android' : 'ios'

const { outputFiles } = await build({
  entryPoints: [join(root, 'demo/demo.ts')],
  absWorkingDir: root,
  bundle: true,
  write: false,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  logLevel: 'warning',
})
const simulator = readFileSync(join(root, 'dist/simulator.global.js'), 'utf8')
const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>World App simulator — demo</title>
<style>body{font:15px system-ui;margin:0 auto;max-width:760px;padding:16px}section{border:1px solid #e4e4e7;border-radius:14px;padding:12px;margin:10px 0}
button{font:600 15px system-ui;padding:10px 14px;border-radius:10px;border:0;background:#111;color:#fff;cursor:pointer}h3{font-size:12px;color:#71717a;margin:10px 0 4px}
pre{background:#f4f4f5;border-radius:10px;padding:8px;font:12px ui-monospace,monospace;white-space:pre-wrap;word-break:break-all;margin:0}</style>
<script>window.__WORLDMAP_SIMULATOR__=${JSON.stringify({ mode: 'interactive', os, appId: 'app_staging_worldmap_demo' })}</script>
<script src="/simulator.js"></script></head>
<body><h1>World App simulator</h1><p id="status"></p><div id="commands"></div><script type="module" src="/demo.js"></script></body></html>`

/** @type {Record<string, [string, string]>} */
const files = {
  '/': ['text/html', html],
  '/simulator.js': ['text/javascript', simulator],
  '/demo.js': ['text/javascript', outputFiles[0].text],
}
const server = createServer((request, response) => {
  const file = files[new URL(request.url ?? '/', 'http://x').pathname]
  if (!file) return response.writeHead(404).end()
  response.writeHead(200, { 'Content-Type': file[0] }).end(file[1])
})
server.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is taken: set PORT=… to use another` : error)
  process.exit(1)
})
server.listen(port, '127.0.0.1', () => console.log(`World App simulator demo (${os}): http://127.0.0.1:${port}/`))
// Ctrl-C is how this page is meant to end: close and exit 0, so pnpm reports no failure (ELIFECYCLE).
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))
