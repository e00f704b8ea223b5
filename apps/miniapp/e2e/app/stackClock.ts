// The test stack's clock (WORLDMAP_TEST_CLOCK_FILE): the functions, the app
// server and the databases all read their time from one file, so a test can
// live through days. A test that moves it runs alone on the stack (this
// project runs one file at a time) and puts it back when it ends.
import { readTestClockOffset, setTestClockOffset } from '@worldmap/game/server'

/** The stack's clock file; a stack without one cannot host a test that lives through days. */
function clockFile(): string {
  const file = process.env.WORLDMAP_TEST_CLOCK_FILE
  if (!file) throw new Error('WORLDMAP_TEST_CLOCK_FILE is not set: start the stack as `test` (startStack({ name: "test" })).')
  return file
}

/** The stack's time now, ms since the epoch. */
export const stackNow = (): number => Date.now() + readTestClockOffset(clockFile())

/** How far the stack's clock runs ahead of the real one, ms: what a phone in step with the server is skewed by. */
export const stackOffset = (): number => readTestClockOffset(clockFile())

/**
 * Set the stack's clock to `at` (it runs on from there); the new offset. Every server's next reading is `at` onwards.
 *
 * @example
 * ```ts
 * moveStackClockTo(Date.UTC(2031, 0, 2, 2)) // 10:00 in Singapore on 2 January 2031
 * ```
 */
export function moveStackClockTo(at: number): number {
  const offset = Math.round(at - Date.now())
  setTestClockOffset(clockFile(), offset)
  return offset
}

/** The stack back on the real clock. */
export function resetStackClock(): void {
  setTestClockOffset(clockFile(), 0)
}
