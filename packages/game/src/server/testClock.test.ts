import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { TestClockError } from './errors/TestClockError.js'
import { createTestClock, readTestClockOffset, setTestClockOffset } from './testClock.js'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'test-clock-'))
  file = join(dir, 'test-clock.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('test clock', () => {
  test('default: no file reads as the real clock', () => {
    expect(readTestClockOffset(file)).toBe(0)
    expect(createTestClock(file, () => 1_000)()).toBe(1_000)
    expect(createTestClock(undefined, () => 42)()).toBe(42)
    expect(createTestClock(undefined)).toBe(Date.now)
  })

  test('property: any offset set is the offset every later reading adds, and the file is replaced whole', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e13, max: 1e13 }), fc.integer({ min: 0, max: 2e12 }), (offset, real) => {
        setTestClockOffset(file, offset)
        expect(readTestClockOffset(file)).toBe(offset)
        expect(createTestClock(file, () => real)()).toBe(real + offset)
      }),
      { numRuns: 200 },
    )
    // Renamed into place: no temporary file left beside it.
    expect(readdirSync(dir)).toEqual(['test-clock.json'])
  })

  test('behavior: a clock reads the file at every call, so another process can move it', () => {
    const now = createTestClock(file, () => 0)
    expect(now()).toBe(0)
    writeFileSync(file, JSON.stringify({ offsetMs: 86_400_000 }))
    expect(now()).toBe(86_400_000)
  })

  test.each([
    ['not JSON', '{offsetMs: 1'],
    ['a fraction', JSON.stringify({ offsetMs: 1.5 })],
    ['a string', JSON.stringify({ offsetMs: '1' })],
    ['an extra field', JSON.stringify({ offsetMs: 1, now: 2 })],
    ['out of range', JSON.stringify({ offsetMs: 1e14 })],
  ])('error: a file with %s is a TestClockError, never a guess', (_name, text) => {
    writeFileSync(file, text)
    expect(() => readTestClockOffset(file)).toThrow(TestClockError)
    try {
      readTestClockOffset(file)
    } catch (error) {
      expect(error).toMatchObject({ name: 'TestClockError', code: 'invalid_test_clock' })
    }
  })

  test('error: setting a non-integer offset is refused and leaves the file as it was', () => {
    setTestClockOffset(file, 5)
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, 0.5, 2e13]) {
      expect(() => setTestClockOffset(file, bad)).toThrow(TestClockError)
    }
    expect(readTestClockOffset(file)).toBe(5)
  })

  test('error: a directory in the file’s place is a TestClockError naming it', () => {
    expect(() => readTestClockOffset(dir)).toThrow(/cannot read/)
  })
})
