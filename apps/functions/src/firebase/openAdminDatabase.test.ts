import { randomUUID } from 'node:crypto'
import { deleteApp, initializeApp } from 'firebase-admin/app'
import { afterEach, describe, expect, test } from 'vitest'
import { startTestDatabase, type TestDatabase } from '../database/testing/startTestDatabase.js'
import { openAdminDatabase } from './openAdminDatabase.js'

const started: TestDatabase[] = []
afterEach(async () => {
  await Promise.all(started.splice(0).map((db) => db.close()))
})

describe('openAdminDatabase', () => {
  test('behavior: a local instance is opened at its own host, whatever FIREBASE_DATABASE_EMULATOR_HOST names', async () => {
    const [one, two] = await Promise.all([startTestDatabase({ name: 'one' }), startTestDatabase({ name: 'two' })])
    started.push(one, two)
    const app = initializeApp({ projectId: 'demo-worldmap' }, `open-${randomUUID()}`)
    const previous = process.env.FIREBASE_DATABASE_EMULATOR_HOST
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = new URL(one.url).host
    try {
      const database = openAdminDatabase(app, two.url)
      expect((await database.ref('name').once('value')).val()).toBe('two')
      // Restored: the process's own main instance is unchanged.
      expect(process.env.FIREBASE_DATABASE_EMULATOR_HOST).toBe(new URL(one.url).host)
      await database.ref('written').set(true)
      expect(await two.read('written')).toBe(true)
      expect(await one.read('written')).toBeNull()
    } finally {
      if (previous === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST
      else process.env.FIREBASE_DATABASE_EMULATOR_HOST = previous
      await deleteApp(app)
    }
  })

  test('behavior: with no emulator host set, the variable stays unset', async () => {
    const one = await startTestDatabase({ name: 'one' })
    started.push(one)
    const app = initializeApp({ projectId: 'demo-worldmap' }, `open-${randomUUID()}`)
    const previous = process.env.FIREBASE_DATABASE_EMULATOR_HOST
    delete process.env.FIREBASE_DATABASE_EMULATOR_HOST
    try {
      const database = openAdminDatabase(app, one.url)
      expect((await database.ref('name').once('value')).val()).toBe('one')
      expect(process.env.FIREBASE_DATABASE_EMULATOR_HOST).toBeUndefined()
    } finally {
      if (previous !== undefined) process.env.FIREBASE_DATABASE_EMULATOR_HOST = previous
      await deleteApp(app)
    }
  })
})
