import { describe, expect, test } from 'vitest'
import { parseFlags } from './parseFlags.mjs'
import { readStackFlags, STACK_FLAG_OPTIONS } from './stackFlags.mjs'

describe('readStackFlags', () => {
  test('default: no flags are the stack as deployed, on its own ports', () => {
    expect(readStackFlags({})).toEqual({ offset: 0, databases: undefined, scheduleEveryMs: undefined })
  })

  test('parameters: `pnpm dev -- --schedule-every-ms 5000` (the README offers it) parses as pnpm stack does', () => {
    // pnpm passes the `--` through; dev.mjs and stack.mjs parse with the same options.
    const { values } = parseFlags(['--', '--schedule-every-ms', '5000', '--databases', '1', '--offset', '20000'], {
      usage: 'pnpm dev',
      options: STACK_FLAG_OPTIONS,
    })
    expect(readStackFlags(values)).toEqual({ offset: 20_000, databases: 1, scheduleEveryMs: 5000 })
  })

  test.each([
    [{ offset: 'x' }, '--offset takes a whole number of ports from 0 to 20000'],
    [{ offset: '20001' }, '--offset takes a whole number of ports from 0 to 20000'],
    [{ offset: '1e3' }, '--offset takes a whole number of ports from 0 to 20000'],
    [{ databases: '0' }, '--databases takes a whole number of database instances from 1 to 8'],
    [{ databases: '9' }, '--databases takes a whole number of database instances from 1 to 8'],
    [{ 'schedule-every-ms': '99' }, '--schedule-every-ms takes a whole number of milliseconds, at least 100'],
    [{ 'schedule-every-ms': '5s' }, '--schedule-every-ms takes a whole number of milliseconds, at least 100'],
  ])('error: %j → %s', (values, problem) => {
    expect(readStackFlags(values)).toEqual({ problem })
  })
})
