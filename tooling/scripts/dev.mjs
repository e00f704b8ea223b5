#!/usr/bin/env node
// `pnpm dev`: everything a newcomer needs, on one laptop, offline —
// the workspace libraries built, the local backend (tooling/stack: Auth +
// Functions emulators, the database stand-in, the local chain), and the mini
// app's Vite dev server with the interactive World App simulator, whose
// output shows the app's reports as `[report] …` lines. Ctrl-C stops all of it.
import { spawn } from 'node:child_process'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { PORTS, StackStartError, startStack } from '../stack/startStack.mjs'
import { BuildFirstError, buildFirst } from './buildFirst.mjs'
import { parseFlags } from './parseFlags.mjs'
import { pipeReportStream } from './reportStream.mjs'
import { readStackFlags, STACK_FLAG_OPTIONS, STACK_FLAG_USAGE } from './stackFlags.mjs'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
// The stack's own flags (`pnpm dev -- --schedule-every-ms 5000` to watch the purge run); a typo must not start
// the whole dev setup with its defaults.
const { values } = parseFlags(process.argv.slice(2), {
  usage: `pnpm dev [-- ${STACK_FLAG_USAGE}] (the app port comes from PORT, default 3000 + offset)`,
  options: STACK_FLAG_OPTIONS,
})
const flags = readStackFlags(values)
if ('problem' in flags) {
  console.error(flags.problem)
  process.exit(1)
}
const { offset, databases, scheduleEveryMs } = flags
const appPort = Number(process.env.PORT ?? PORTS.dev.app + offset)
if (!Number.isInteger(appPort) || appPort < 1 || appPort > 65_535) {
  console.error(`PORT must be a port number (1–65535), not ${JSON.stringify(process.env.PORT)}`)
  process.exit(1)
}
// --offset shifts every port, as `pnpm stack -- --offset N` does: a second dev setup beside the first.
const ports = { ...Object.fromEntries(Object.entries(PORTS.dev).map(([piece, port]) => [piece, port + offset])), app: appPort }
// Vite listens on 127.0.0.1 only (vite.config.ts): the URL names that address, not `localhost`,
// which may resolve to ::1 first.
const appUrl = `http://127.0.0.1:${appPort}/`

// Ctrl-C from the start stops whatever has started and exits 0, also while the backend is still starting: its
// pieces and Vite run in their own process groups, so exiting then would leave them running on the ports.
/** @type {Promise<import('../stack/startStack.mjs').Stack> | undefined} */
let starting
/** @type {import('node:child_process').ChildProcess | undefined} */
let app
let stopping = false
/** @param {number} code */
async function shutdown(code) {
  if (stopping) return
  stopping = true
  console.log('\nStopping…')
  try {
    if (app?.pid) process.kill(-app.pid, 'SIGTERM')
  } catch {}
  const started = await starting?.catch(() => undefined)
  await started?.stop()
  process.exit(code)
}
process.on('SIGINT', () => shutdown(0))
process.on('SIGTERM', () => shutdown(0))
/** After a Ctrl-C, a failure of a step it interrupted is not news: shutdown() ends the process. */
const unlessStopping = () => (stopping ? new Promise(() => {}) : undefined)

console.log('1/3 Building the workspace libraries and the functions bundle…')
try {
  await buildFirst('dev', { log: (line) => console.log(`    ${line}`) })
} catch (error) {
  await unlessStopping()
  console.error(error instanceof BuildFirstError ? error.message : error)
  process.exit(1)
}
await unlessStopping()

console.log('2/3 Starting the local backend…')
// ports.app: the functions accept sign-ins from the app's origin only, so they must know its port.
starting = startStack({
  name: offset ? `dev-${offset}` : 'dev',
  ports,
  databases,
  scheduleEveryMs,
  log: (line) => console.log(`    ${line}`),
})
let stack
try {
  stack = await starting
} catch (error) {
  await unlessStopping()
  const failure = /** @type {Error | undefined} */ (error)
  console.error(`\n${error instanceof StackStartError ? error.message : (failure?.stack ?? error)}`)
  process.exit(1)
}
await unlessStopping()

console.log('3/3 Starting the mini app (Vite + Vike, with the World App simulator)…')
app = spawn('pnpm', ['--filter', '@worldmap/miniapp', 'exec', 'vike', 'dev', '--port', String(appPort)], {
  cwd: root,
  // Its own process group: the terminal's Ctrl-C reaches this script only, which stops Vite and then
  // the stack, and exits 0 (package.json `exec`s it, so pnpm sees that 0, not a shell killed by SIGINT).
  detached: true,
  // Its output through the report stream: the app's reports (POST /api/reports) show as `[report] …` lines.
  stdio: ['inherit', 'pipe', 'inherit'],
  // strictPort: on a port in use Vite would move to the next one, where the functions refuse its
  // sign-ins (they accept the app's origin only); failing makes `pnpm dev` stop with status 1 instead.
  env: {
    VITE_CONFIG: JSON.stringify({ server: { strictPort: true } }),
    // Piped, Vite would drop its colours; the terminal is still a terminal.
    ...(process.stdout.isTTY ? { FORCE_COLOR: '1' } : {}),
    ...process.env,
    ...stack.env,
    PORT: String(appPort),
  },
})
if (app.stdout) pipeReportStream(app.stdout, process.stdout)
app.on('exit', (code) => {
  if (!stopping) {
    console.error(`The app server exited (${code}).`)
    shutdown(code || 1)
  }
})

// Announce the URL once the app actually answers, however long Vite's first render takes: on a busy machine it
// took over two minutes, and the loop that gave up after 240 tries then left the newcomer without the URL at all.
const waitingSince = Date.now()
let toldWaiting = false
while (!stopping) {
  if (!toldWaiting && Date.now() - waitingSince > 60_000) {
    toldWaiting = true
    console.log(`    still waiting for the app's first page at ${appUrl} (Vite builds it on first request)…`)
  }
  const up = await fetch(appUrl, { signal: AbortSignal.timeout(30_000) }).then(
    (response) => response.status < 500,
    () => false,
  )
  if (up) {
    console.log(`\n  WorldMap is running: ${appUrl}`)
    console.log('  Open it in a browser: the simulator plays World App (approve the sign-in in its sheet).')
    console.log("  Walk with the simulator's location controls, find a drop on /map, and collect it.")
    console.log('  Ctrl-C stops the app and the local backend.\n')
    break
  }
  await new Promise((done) => setTimeout(done, 500))
}
