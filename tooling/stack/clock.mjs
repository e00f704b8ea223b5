// A test stack's clock: one file every server of the stack reads its time from.

import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { requireFromFunctions, stackDir } from './project.mjs'

/**
 * A test stack's clock: its file (`.stack/{name}-test-clock.json`, reset to
 * the real time at start) and a reader, through `@worldmap/game/server`'s
 * test clock, which the functions and the app server read too.
 *
 * @param {string} name
 * @returns {Promise<{ file: string, now: () => number }>}
 */
export async function createStackClock(name) {
  const { createTestClock, setTestClockOffset } = await import(
    pathToFileURL(requireFromFunctions.resolve('@worldmap/game/server')).href
  )
  mkdirSync(stackDir, { recursive: true })
  const file = join(stackDir, `${name}-test-clock.json`)
  setTestClockOffset(file, 0)
  return { file, now: createTestClock(file) }
}
