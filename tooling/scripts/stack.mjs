#!/usr/bin/env node
// `pnpm stack`: start the local backend (Auth + Functions emulators, the
// database stand-in, the local chain) in the foreground; Ctrl-C stops it.
//   pnpm stack                         dev ports (auth 9099, functions 5001, database 9000)
//   pnpm stack -- --test               the test port set
//   pnpm stack -- --test --offset 1000 the test port set shifted by 1000 (a second test stack beside
//                                      the first, e.g. for one suite while `pnpm test` runs)
//   pnpm stack -- --env-out FILE       also write the stack's environment to FILE as `export K='v'`
//                                      lines, for a shell that runs tests against it (`. FILE`)
//   pnpm stack -- --databases N        run N database stand-ins, 1 to 4 (default 2: the main instance on
//                                      `database` and region instance 1 on `regionDatabase`, holding
//                                      Singapore's drops, w21; with 1 everything is on the main instance)
//   pnpm stack -- --schedule-every-ms N  run the scheduled functions (the purge) every N ms instead of
//                                      on their declared schedules (default: as deployed, e.g. every 10 minutes)
import { writeFileSync } from 'node:fs'
import { PORTS, StackStartError, startStack } from '../stack/startStack.mjs'
import { parseFlags } from './parseFlags.mjs'

const { values } = parseFlags(process.argv.slice(2), {
  usage: 'pnpm stack [-- [--test] [--offset N] [--env-out FILE] [--databases N] [--schedule-every-ms N]]',
  options: {
    test: { type: 'boolean' },
    offset: { type: 'string' },
    'env-out': { type: 'string' },
    databases: { type: 'string' },
    'schedule-every-ms': { type: 'string' },
  },
})
// A bad value keeps status 1, as before the strict parse (tooling/stack's tests hold it); a bad flag is 2.
const fail = (message) => {
  console.error(message)
  process.exit(1)
}
const base = values.test ? 'test' : 'dev'
const offset = Number(values.offset ?? 0)
if (!Number.isInteger(offset) || offset < 0 || offset > 20_000) fail('--offset takes a whole number of ports from 0 to 20000')
const name = offset ? `${base}-${offset}` : base
const ports = Object.fromEntries(Object.entries(PORTS[base]).map(([piece, port]) => [piece, port + offset]))
const envOut = values['env-out']
const scheduleEveryMs = values['schedule-every-ms'] === undefined ? undefined : Number(values['schedule-every-ms'])
if (scheduleEveryMs !== undefined && (!Number.isInteger(scheduleEveryMs) || scheduleEveryMs < 100)) {
  fail('--schedule-every-ms takes a whole number of milliseconds, at least 100')
}
const databases = values.databases === undefined ? undefined : Number(values.databases)
if (databases !== undefined && (!Number.isInteger(databases) || databases < 1 || databases > 4)) {
  fail('--databases takes a whole number of database instances from 1 to 4')
}

const started = Date.now()
console.log(`Starting the WorldMap local stack (${name})…`)
let stack
try {
  stack = await startStack({ name, ports, scheduleEveryMs, databases, log: (line) => console.log(`  ${line}`) })
} catch (error) {
  console.error(`\n${error instanceof StackStartError ? error.message : (error?.stack ?? error)}`)
  process.exit(1)
}
if (envOut) {
  const quote = (value) => `'${String(value).replaceAll("'", "'\\''")}'`
  writeFileSync(
    envOut,
    `${Object.entries(stack.env)
      .map(([key, value]) => `export ${key}=${quote(value)}`)
      .join('\n')}\n`,
  )
}
console.log(`Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Project demo-worldmap, ports ${JSON.stringify(ports)}.`)
console.log('Press Ctrl-C to stop.')

let stopping = false
const shutdown = async () => {
  if (stopping) return
  stopping = true
  console.log('\nStopping…')
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', shutdown)
process.on('SIGTERM', shutdown)
