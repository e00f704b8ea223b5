#!/usr/bin/env node
// `pnpm stack`: start the local backend (Auth + Functions emulators, the
// database stand-in, the local chain) in the foreground; Ctrl-C stops it.
//   pnpm stack                         dev ports (auth 9099, functions 5001, database 9000)
//   pnpm stack -- --test               the test port set
//   pnpm stack -- --test --offset 1000 the test port set shifted by 1000 (a second test stack beside
//                                      the first, e.g. for one suite while `pnpm test` runs)
//   pnpm stack -- --env-out FILE       also write the stack's environment to FILE as `export K='v'`
//                                      lines, for a shell that runs tests against it (`. FILE`)
//   pnpm stack -- --databases N        run N database stand-ins, 1 to 8 (default 3: the main instance on
//                                      `database`, instance 1 on `regionDatabase` holding Singapore's
//                                      drops, w21, and instance 2 the players' records and the leaderboard;
//                                      more instances take players and leaderboards in turn; with 1
//                                      everything is on the main instance)
//   pnpm stack -- --schedule-every-ms N  run the scheduled functions (the purge) every N ms instead of
//                                      on their declared schedules (default: as deployed, e.g. every 10 minutes)
import { writeFileSync } from 'node:fs'
import { PORTS, StackStartError, startStack } from '../stack/startStack.mjs'
import { BuildFirstError, buildFirst } from './buildFirst.mjs'
import { parseFlags } from './parseFlags.mjs'
import { readStackFlags, STACK_FLAG_OPTIONS, STACK_FLAG_USAGE } from './stackFlags.mjs'

const { values } = parseFlags(process.argv.slice(2), {
  usage: `pnpm stack [-- [--test] [--env-out FILE] ${STACK_FLAG_USAGE}]`,
  options: { test: { type: 'boolean' }, 'env-out': { type: 'string' }, ...STACK_FLAG_OPTIONS },
})
// A bad value keeps status 1, as before the strict parse (tooling/stack's tests hold it); a bad flag is 2.
const flags = readStackFlags(values)
if ('problem' in flags) {
  console.error(flags.problem)
  process.exit(1)
}
const { offset, databases, scheduleEveryMs } = flags
const base = values.test ? 'test' : 'dev'
const name = offset ? `${base}-${offset}` : base
const ports = Object.fromEntries(Object.entries(PORTS[base]).map(([piece, port]) => [piece, port + offset]))
const envOut = /** @type {string | undefined} */ (values['env-out'])

// Ctrl-C from here on stops whatever has started and exits 0, also while the stack is still starting: its pieces
// run in their own process groups, so exiting then would leave them running on the ports. Handled before the
// "Ready" line, which a script may answer with a SIGINT at once.
/** @type {Promise<import('../stack/startStack.mjs').Stack> | undefined} */
let starting
let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  console.log('\nStopping…')
  const stack = await starting?.catch(() => undefined)
  await stack?.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
/** After a Ctrl-C, a failure of a step it interrupted is not news: shutdown() ends the process. */
const unlessStopping = () => (stopping ? new Promise(() => {}) : undefined)

// The functions bundle the emulator loads: on a fresh clone there is none yet.
try {
  await buildFirst('stack')
} catch (error) {
  await unlessStopping()
  console.error(error instanceof BuildFirstError ? error.message : error)
  process.exit(1)
}
await unlessStopping()

const started = Date.now()
console.log(`Starting the WorldMap local stack (${name})…`)
starting = startStack({ name, ports, scheduleEveryMs, databases, log: (line) => console.log(`  ${line}`) })
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
if (envOut) {
  const quote = (/** @type {unknown} */ value) => `'${String(value).replaceAll("'", "'\\''")}'`
  writeFileSync(
    envOut,
    `${Object.entries(stack.env)
      .map(([key, value]) => `export ${key}=${quote(value)}`)
      .join('\n')}\n`,
  )
}
console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Project demo-worldmap, ports ${JSON.stringify(ports)}.`)
console.log('Press Ctrl-C to stop.')
