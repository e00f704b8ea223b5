import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import type { AddressInfo } from 'node:net'
import { type App, deleteApp, initializeApp } from 'firebase-admin/app'
import { type Database, getDatabase } from 'firebase-admin/database'

/** The slice of firebase-server 1.1.0 (untyped CommonJS) these tests use. */
interface FirebaseServerInstance {
  wss: {
    address(): AddressInfo | string | null
    once(event: 'listening', listener: () => void): void
  }
  close(): Promise<void>
}
type FirebaseServerConstructor = new (
  options: { port: number; address: string },
  name: string,
  data: unknown,
) => FirebaseServerInstance

/** An in-process Realtime Database stand-in and Admin SDK handles on it. */
export interface TestDatabase {
  /** The Admin SDK database (an app of its own, as the function instance would have). */
  database: Database
  /** The stand-in's database URL (`http://127.0.0.1:PORT?ns=demo-worldmap`). */
  url: string
  /** Another Admin SDK app on the same server: a second function instance. */
  openInstance(): Database
  /** The value at `path` (a value listener: `get()` never answers on firebase-server). */
  read<T = unknown>(path: string): Promise<T | null>
  /** Delete the Admin apps, then stop the server. */
  close(): Promise<void>
}

const PROJECT_ID = 'demo-worldmap'
const require = createRequire(import.meta.url)

/**
 * Test helper: start firebase-server on a free port with `initialData`, no
 * rules (the adapters run as admin; rules are tested against the stack) and
 * connect firebase-admin to it without credentials (an `http://` URL makes
 * the Admin SDK use the emulator's `owner` token).
 *
 * @example
 * ```ts
 * const db = await startTestDatabase({ profiles: { [uid]: { verifiedLevel: 'orb' } } })
 * await collectDropInDatabase(db.database, input, now)
 * await db.close()
 * ```
 */
export async function startTestDatabase(initialData: Record<string, unknown> = {}): Promise<TestDatabase> {
  const FirebaseServer = require('firebase-server') as FirebaseServerConstructor
  const server = new FirebaseServer({ port: 0, address: '127.0.0.1' }, PROJECT_ID, initialData)
  await new Promise<void>((resolve) => (server.wss.address() ? resolve() : server.wss.once('listening', resolve)))
  const { port } = server.wss.address() as AddressInfo
  const apps: App[] = []

  const openInstance = (): Database => {
    const app = initializeApp(
      { projectId: PROJECT_ID, databaseURL: `http://127.0.0.1:${port}?ns=${PROJECT_ID}` },
      `test-database-${randomUUID()}`,
    )
    apps.push(app)
    // The test command exports the shared stack's FIREBASE_DATABASE_EMULATOR_HOST, which
    // would win over databaseURL; the SDK reads it once, when the database is created.
    const previous = process.env.FIREBASE_DATABASE_EMULATOR_HOST
    process.env.FIREBASE_DATABASE_EMULATOR_HOST = `127.0.0.1:${port}`
    try {
      return getDatabase(app)
    } finally {
      if (previous === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST
      else process.env.FIREBASE_DATABASE_EMULATOR_HOST = previous
    }
  }

  const database = openInstance()
  return {
    database,
    url: `http://127.0.0.1:${port}?ns=${PROJECT_ID}`,
    openInstance,
    read: async <T>(path: string) => (await database.ref(path).once('value')).val() as T | null,
    close: async () => {
      await Promise.all(apps.map((app) => deleteApp(app)))
      await server.close()
    },
  }
}
