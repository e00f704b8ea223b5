#!/usr/bin/env node
// `pnpm stack`: start the local backend (Auth + Functions emulators, the
// database stand-in, the local chain) in the foreground; Ctrl-C stops it.
//   pnpm stack            dev ports (auth 9099, functions 5001, database 9000)
//   pnpm stack -- --test  the test port set
import { PORTS, StackStartError, startStack } from '../stack/startStack.mjs'

const name = process.argv.includes('--test') ? 'test' : 'dev'
const started = Date.now()
console.log(`Starting the WorldMap local stack (${name})…`)
let stack
try {
  stack = await startStack({ name, log: (line) => console.log(`  ${line}`) })
} catch (error) {
  console.error(`\n${error instanceof StackStartError ? error.message : (error?.stack ?? error)}`)
  process.exit(1)
}
console.log(
  `Ready in ${((Date.now() - started) / 1000).toFixed(1)} s. Project demo-worldmap, ports ${JSON.stringify(PORTS[name])}.`,
)
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
