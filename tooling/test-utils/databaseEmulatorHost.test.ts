import { afterEach, describe, expect, test } from 'vitest'
import { atDatabaseHost } from './databaseEmulatorHost.mjs'

const saved = process.env.FIREBASE_DATABASE_EMULATOR_HOST
afterEach(() => {
  if (saved === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST
  else process.env.FIREBASE_DATABASE_EMULATOR_HOST = saved
})

describe('atDatabaseHost', () => {
  test('default: the instance host is set while the handle is made, and the previous value comes back', () => {
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = '127.0.0.1:9100'
    const seen = atDatabaseHost('http://127.0.0.1:9177/?ns=demo-worldmap-r1', () => process.env.FIREBASE_DATABASE_EMULATOR_HOST)
    expect(seen).toBe('127.0.0.1:9177')
    expect(process.env.FIREBASE_DATABASE_EMULATOR_HOST).toBe('127.0.0.1:9100')
  })

  test('error: unset before, unset after, even when opening throws', () => {
    delete process.env.FIREBASE_DATABASE_EMULATOR_HOST
    expect(() =>
      atDatabaseHost('http://127.0.0.1:9177/?ns=x', () => {
        throw new Error('no database')
      }),
    ).toThrow('no database')
    expect(process.env.FIREBASE_DATABASE_EMULATOR_HOST).toBeUndefined()
  })
})
