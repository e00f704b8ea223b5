#!/usr/bin/env node
// walletAuth's FIRST call, cold: a fresh Node process per sample, so module
// loading, the lazily loaded profile lookup and unoptimised code are all
// paid, as on a page's first sign-in. The warm figures are in
// src/walletAuthRoundTrip.bench.ts; this is the "first call stays fast"
// check next to them. Ours is bundled from src with esbuild (code-split, so
// the profile lookup stays a separate chunk, as in an app); the official
// 1.9.6 is the simulator's devDependency.
//
// The fake host answers inside postMessage (the worst case for a lazy
// chunk: no time passes between the call and the reply) or after 300 ms
// (a person tapping the sheet's button quickly). Reported: median of N
// samples of call → resolved, plus the second call in the same process.
//
//   node packages/minikit/bench/walletAuthFirstCall.mjs [samples=15]

import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'

const here = dirname(fileURLToPath(import.meta.url))
const pkg = resolve(here, '..')
const samples = Number(process.argv[2] ?? 15)

const child = `
const [which, delay, entry] = process.argv.slice(2)
const w = globalThis
const address = '0x0000000000000000000000000000000000000001'
const reply = { status: 'success', message: 'siwe', signature: '0x1234', address, version: 2 }
const input = { nonce: 'a1b2c3d4e5f6', statement: 'Sign in to WorldMap', expirationTime: new Date(Date.now() + 86_400_000) }
const usernames = { ok: true, status: 200, json: () => Promise.resolve([{ username: 'alice', profile_picture_url: null }]) }
w.window = globalThis
w.location = new URL('https://worldmap.example/')
Object.defineProperty(globalThis, 'navigator', { value: { mediaDevices: {} }, configurable: true })
w.fetch = () => Promise.resolve(usernames)
const commands = ['verify','pay','wallet-auth','send-transaction','sign-message','sign-typed-data','share-contacts','request-permission','get-permissions','send-haptic-feedback','share']
w.WorldApp = { world_app_version: 2087901, device_os: 'ios', is_optional_analytics: false,
  supported_commands: commands.map((name) => ({ name, supported_versions: name === 'wallet-auth' ? [1, 2] : [1] })),
  safe_area_insets: { top: 0, right: 0, bottom: 0, left: 0 } }
const answer = () => w.MiniKit.trigger('miniapp-wallet-auth', reply)
w.webkit = { messageHandlers: { minikit: { postMessage(m) {
  if (m.command !== 'wallet-auth') return
  if (delay === '0') answer(); else setTimeout(answer, Number(delay))
} } } }
const sdk = await import(entry)
const call = which === 'ours: walletAuth' ? () => sdk.walletAuth(input) : () => sdk.MiniKit.commandsAsync.walletAuth(input)
if (which === 'ours: walletAuth') sdk.install('app_bench'); else sdk.MiniKit.install('app_bench')
const time = async () => { const t = performance.now(); await call(); return performance.now() - t - Number(delay) }
const first = await time()
const second = await time()
console.log(JSON.stringify({ first, second }))
`

const dir = mkdtempSync(join(tmpdir(), 'walletauth-first-'))
try {
  await build({
    entryPoints: { ours: join(pkg, 'src/exports/index.ts') },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    outdir: dir,
    minify: true,
    logLevel: 'error',
  })
  const require = createRequire(join(pkg, '../simulator/package.json'))
  const official = pathToFileURL(require.resolve('@worldcoin/minikit-js').replace(/index\.cjs$/, 'index.js')).href
  const ours = pathToFileURL(join(dir, 'ours.js')).href
  writeFileSync(join(dir, 'child.mjs'), child)
  const rows = [
    ['ours: walletAuth', ours],
    ['ours: MiniKit.commandsAsync.walletAuth', ours],
    ['official 1.9.6: MiniKit.commandsAsync.walletAuth', official],
  ]
  const median = (values) => values.sort((a, b) => a - b)[values.length >> 1]
  for (const delay of ['0', '300']) {
    const results = new Map(rows.map(([name]) => [name, { first: [], second: [] }]))
    // Interleaved, so drift in machine load hits every row alike.
    for (let i = 0; i < samples; i++) {
      for (const [name, entry] of rows) {
        const run = spawnSync(process.execPath, [join(dir, 'child.mjs'), name, delay, entry], {
          encoding: 'utf8',
          cwd: dir,
          env: { ...process.env, NODE_PATH: join(pkg, 'node_modules') },
        })
        if (run.status !== 0) throw new Error(`${name}: ${run.stderr}`)
        const line = run.stdout.trim().split('\n').at(-1)
        const { first, second } = JSON.parse(line)
        results.get(name).first.push(first)
        results.get(name).second.push(second)
      }
    }
    console.log(
      `\nwalletAuth first call, host answers ${delay === '0' ? 'synchronously' : `after ${delay} ms (not counted)`}; median of ${samples} fresh processes`,
    )
    console.log(`${'name'.padEnd(52)}${'first call'.padStart(12)}${'second call'.padStart(13)}`)
    for (const [name] of rows) {
      const r = results.get(name)
      console.log(
        `${name.padEnd(52)}${`${median(r.first).toFixed(3)} ms`.padStart(12)}${`${median(r.second).toFixed(3)} ms`.padStart(13)}`,
      )
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true })
}
