import { afterAll, afterEach, beforeAll } from 'vitest'
import { startTestDatabase, type TestDatabase } from './startTestDatabase.js'

/**
 * Test helper: one database stand-in for the test file (started before its
 * tests, emptied after each, closed at the end), handed to `onStart` so the
 * file keeps its own `db`/`database` bindings.
 *
 * @example
 * ```ts
 * let db: TestDatabase
 * let database: Database
 * useTestDatabase((started) => { db = started; database = started.database })
 * ```
 */
export function useTestDatabase(onStart: (db: TestDatabase) => void): void {
  let db: TestDatabase | undefined
  beforeAll(async () => {
    db = await startTestDatabase()
    onStart(db)
  })
  afterEach(() => db?.database.ref().set(null))
  afterAll(() => db?.close())
}
