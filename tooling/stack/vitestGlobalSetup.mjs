// vitest globalSetup for tests that need the local backend. Under `pnpm test`
// the runner has already started one stack and passed it in WORLDMAP_STACK;
// run alone (`pnpm exec vitest run --project functions-emulator`), this starts
// the test stack itself and stops it afterwards.
import { readStackFromEnv, startStack } from './startStack.mjs'

export default async function setup() {
  if (readStackFromEnv()) return undefined
  const stack = await startStack({ name: 'test' })
  // Workers are forked after global setup and inherit this environment.
  Object.assign(process.env, stack.env)
  return () => stack.stop()
}
