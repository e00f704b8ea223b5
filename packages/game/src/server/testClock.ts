import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import * as z from 'zod'
import { TestClockError } from './errors/TestClockError.js'

/**
 * The variable naming a test stack's clock file. Local mode only: the
 * functions and the app server refuse to start with it in production
 * configuration (a clock anyone could move would move every player's day).
 */
export const TEST_CLOCK_VARIABLE = 'WORLDMAP_TEST_CLOCK_FILE'

const fileSchema = z.object({ offsetMs: z.number().int().min(-1e13).max(1e13) }).strict()

/**
 * How far a test stack's clock runs ahead of the real one, ms, read from its
 * clock file now (`0` while there is no file). Read on every call, never
 * cached: a test moves the clock of servers in other processes (the
 * Functions emulator, the app server, the database stand-in) by rewriting
 * the one file they all read.
 *
 * @throws {TestClockError} the file exists but is not `{ "offsetMs": <integer> }`.
 * @example
 * ```ts
 * readTestClockOffset('/tmp/stack/test-clock.json') // 86400000: one day ahead
 * ```
 */
export function readTestClockOffset(file: string): number {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0
    throw new TestClockError({ cause: error as Error, details: `cannot read ${file}` })
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new TestClockError({ cause: error as Error, details: `${file} is not JSON` })
  }
  const parsed = fileSchema.safeParse(json)
  if (!parsed.success) throw new TestClockError({ details: `${file}: ${parsed.error.issues[0]?.message ?? 'invalid'}` })
  return parsed.data.offsetMs
}

/**
 * A server clock (ms since the epoch) that follows a test stack's clock
 * file: the real time plus {@link readTestClockOffset}. Servers pass it
 * wherever they would call `Date.now`; without a file it is `Date.now`.
 *
 * @example
 * ```ts
 * const now = createTestClock(process.env.WORLDMAP_TEST_CLOCK_FILE)
 * spawnWindowOf(now())
 * ```
 */
export function createTestClock(file: string | undefined, realNow: () => number = Date.now): () => number {
  if (file === undefined) return realNow
  return () => realNow() + readTestClockOffset(file)
}

/**
 * Move a test stack's clock: every server reading `file` sees real time plus
 * `offsetMs` from its next reading on. Written to a temporary file and
 * renamed over the old one, so no reader ever sees half a file.
 *
 * @throws {TestClockError} `offsetMs` is not an integer within ±10¹³ ms.
 * @example
 * ```ts
 * setTestClockOffset(file, 2 * 24 * 60 * 60 * 1000) // two days from now
 * ```
 */
export function setTestClockOffset(file: string, offsetMs: number): void {
  const parsed = fileSchema.safeParse({ offsetMs })
  if (!parsed.success) throw new TestClockError({ details: `offsetMs ${String(offsetMs)} is not an integer within ±1e13` })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, JSON.stringify(parsed.data))
  renameSync(temporary, file)
}
