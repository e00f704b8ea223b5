// Test-only access to the local stack the test command started (WORLDMAP_STACK).
import { randomUUID } from 'node:crypto'
import { createDatabaseRouter, type DatabaseTable, instanceListSchema, regionTableSchema } from '@worldmap/game'
import { deleteApp as deleteClientApp, type FirebaseApp, initializeApp as initializeClientApp } from 'firebase/app'
import { connectAuthEmulator, getAuth as getClientAuth, signInWithCustomToken, type User } from 'firebase/auth'
import { type Database as ClientDatabase, connectDatabaseEmulator, getDatabase as getClientDatabase } from 'firebase/database'
import { type App, deleteApp, initializeApp } from 'firebase-admin/app'
import { getAuth } from 'firebase-admin/auth'
import { type Database, getDatabase } from 'firebase-admin/database'
import { atDatabaseHost } from '../../../tooling/test-utils/databaseEmulatorHost.mjs'
import { createGameDatabases, type GameDatabases } from '../src/database/gameDatabases.js'
import { openAdminDatabase } from '../src/firebase/openAdminDatabase.js'

export interface TestStack {
  ports: { auth: number; functions: number; database: number; chain: number }
  nonceSecret: string
  /** The app's origins; the stack's functions also take them as the allowed avatar origins (the usernames stand-in's). */
  appOrigins: string[]
  urls: { auth: string; functions: string; database: string; chain: string; customToken: string }
  /** The stack's region table (`WORLDMAP_DATABASE_REGIONS`): which instance holds which region's drops and claims. */
  databaseRegions?: string
  /** The player instances (`WORLDMAP_DATABASE_PLAYERS`; '' for main). */
  databasePlayers?: string
  /** The leaderboard instances (`WORLDMAP_DATABASE_LEADERBOARDS`; '' for main). */
  databaseLeaderboards?: string
}

/** The stack's instance table, parsed (empty: one instance holds everything), as the functions read it. */
export function tableOf(stack: TestStack): DatabaseTable {
  return {
    regions: regionTableSchema.parse(stack.databaseRegions ?? ''),
    players: instanceListSchema.parse(stack.databasePlayers ?? ''),
    leaderboards: instanceListSchema.parse(stack.databaseLeaderboards ?? ''),
  }
}

export const projectId = 'demo-worldmap'

/** The stack under test; fails loudly when the test command did not start one. */
export function readTestStack(): TestStack {
  const raw = process.env.WORLDMAP_STACK
  if (!raw) throw new Error('WORLDMAP_STACK is not set: run through `pnpm test` or the functions-emulator project.')
  return JSON.parse(raw) as TestStack
}

/** An Admin SDK app on the stack (the database as `owner`, the Auth emulator). */
export function createAdmin(): {
  app: App
  /** The main instance: only global data (nonces, nullifiers, public cards, crowd counters). */
  database: Database
  /**
   * Every instance, as the functions route them: `databases.ofCell(cell)` for drops, spawn markers and claims,
   * `databases.ofPlayer(uid)` for a player's records, `ofCounterShard` / `leaderboardHome` for the board.
   */
  databases: GameDatabases
  mintCustomToken(uid: string): Promise<string>
  close(): Promise<void>
} {
  const stack = readTestStack()
  const app = initializeApp(
    { projectId, databaseURL: `http://127.0.0.1:${stack.ports.database}?ns=${projectId}` },
    `admin-${randomUUID()}`,
  )
  const database = getDatabase(app)
  return {
    app,
    database,
    databases: createGameDatabases(database, tableOf(stack), (url) => openAdminDatabase(app, url)),
    mintCustomToken: (uid) => getAuth(app).createCustomToken(uid),
    close: () => deleteApp(app),
  }
}

/** A client SDK app: signs in with a custom token against the Auth emulator and reads the database as that user. */
export async function createClient(customToken?: string): Promise<{
  app: FirebaseApp
  user: User | null
  /** The main instance. */
  database: ClientDatabase
  /** The instance holding a cell's drops, as the app routes it. */
  databaseOfCell(cell: string): ClientDatabase
  /** The instance holding a player's records (profile, inventory, streak reward), as the app routes it. */
  databaseOfPlayer(uid: string): ClientDatabase
  close(): Promise<void>
}> {
  const stack = readTestStack()
  const app = initializeClientApp(
    { projectId, apiKey: 'demo-api-key', databaseURL: `http://127.0.0.1:${stack.ports.database}?ns=${projectId}` },
    `client-${randomUUID()}`,
  )
  const auth = getClientAuth(app)
  connectAuthEmulator(auth, stack.urls.auth, { disableWarnings: true })
  const database = getClientDatabase(app)
  connectDatabaseEmulator(database, '127.0.0.1', stack.ports.database)
  const user = customToken ? (await signInWithCustomToken(auth, customToken)).user : null
  const router = createDatabaseRouter('', tableOf(stack))
  const databaseAt = (url: string) => (url === '' ? database : atDatabaseHost(url, () => getClientDatabase(app, url)))
  return {
    app,
    user,
    database,
    databaseOfCell: (cell) => databaseAt(router.instanceOfCell(cell)),
    databaseOfPlayer: (uid) => databaseAt(router.instanceOfPlayer(uid)),
    close: () => deleteClientApp(app),
  }
}

/** Read once with a value listener (`get()` never answers on the local database stand-in). */
export function readOnce<T = unknown>(database: Database, path: string): Promise<T | null> {
  return database
    .ref(path)
    .once('value')
    .then((snapshot) => snapshot.val() as T | null)
}
