// The stack's send-notification stand-in (issue 24), and the simulator's "Show streak reminder" behind it
// (streakReminder.mjs), which can only answer once the functions run.

import { randomBytes } from 'node:crypto'
import { pathToFileURL } from 'node:url'
import { startNotificationsApi } from './notificationsApi.mjs'
import { LOCAL_APP_ID, PROJECT_ID, REGION, requireFromFunctions } from './project.mjs'
import { showStreakReminder } from './streakReminder.mjs'

/** @typedef {{ status: number, body: unknown }} HookAnswer */

/**
 * The streak-reminder route of the stand-in: it answers 503 "starting" until the functions run and the
 * stack {@link StreakReminderRoute.serve}s it, and again once the stack closes it.
 */
export class StreakReminderRoute {
  /** @type {((body: any) => Promise<HookAnswer>) | null} */
  #handler = null
  /** @type {any} */
  #adminApp = null

  /** @param {any} body */
  answer(body) {
    return this.#handler
      ? this.#handler(body)
      : Promise.resolve({ status: 503, body: { shown: false, reason: 'starting', message: 'The stack is starting.' } })
  }

  /**
   * Show reminders through the Admin SDK on the stack's databases (the run's hour on main, the player's
   * progress and notification state on the player's instance) and its functions.
   *
   * @param {{ name: string, databasePort: number, functionsPort: number, playerTable?: string }} stack
   */
  serve({ name, databasePort, functionsPort, playerTable = '' }) {
    const { initializeApp } = requireFromFunctions('firebase-admin/app')
    const { getDatabase, getDatabaseWithUrl } = requireFromFunctions('firebase-admin/database')
    const mainUrl = `http://127.0.0.1:${databasePort}?ns=${PROJECT_ID}`
    const players = playerTable.split(',').filter(Boolean)
    /** @type {Map<string, any>} */
    const instances = new Map()
    /** @param {string} url */
    const open = (url) => {
      const known = instances.get(url)
      if (known) return known
      // The Admin SDK sends every database to FIREBASE_DATABASE_EMULATOR_HOST: name this instance's host as it opens.
      const previous = process.env.FIREBASE_DATABASE_EMULATOR_HOST
      process.env.FIREBASE_DATABASE_EMULATOR_HOST = new URL(url).host
      try {
        const database = url === mainUrl ? getDatabase(this.#adminApp) : getDatabaseWithUrl(url, this.#adminApp)
        instances.set(url, database)
        return database
      } finally {
        if (previous === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST
        else process.env.FIREBASE_DATABASE_EMULATOR_HOST = previous
      }
    }
    this.#handler = async (body) => {
      // An http:// URL is an emulator to the Admin SDK: it connects as the owner, past the rules.
      this.#adminApp ??= initializeApp({ projectId: PROJECT_ID, databaseURL: mainUrl }, `stack-${name}-streak-reminder`)
      // The functions' router, so the hook finds the player where the functions filed them.
      const game = await import(pathToFileURL(requireFromFunctions.resolve('@worldmap/game')).href)
      const router = game.createDatabaseRouter(mainUrl, { players })
      return showStreakReminder({
        database: open(mainUrl),
        playerDatabaseOf: (/** @type {string} */ uid) => open(router.instanceOfPlayer(uid)),
        functionsUrl: `http://127.0.0.1:${functionsPort}`,
        projectId: PROJECT_ID,
        region: REGION,
        wallet: body?.wallet,
      })
    }
  }

  async close() {
    const { deleteApp } = requireFromFunctions('firebase-admin/app')
    this.#handler = null
    if (this.#adminApp) await deleteApp(this.#adminApp)
  }
}

/**
 * Start the send-notification stand-in with a fresh key; a dev stack plays an unverified app (40 per 4 hours).
 *
 * @param {{ name: string, port: number, limit: number | null | undefined, reminder: StreakReminderRoute }} options
 *   `limit` undefined: the stack's default (40 for `dev`, none for test stacks)
 */
export async function startStackNotifications({ name, port, limit, reminder }) {
  const key = `api_local_${randomBytes(16).toString('hex')}`
  const api = await startNotificationsApi({
    devHooks: { 'POST streak-reminder': (body) => reminder.answer(body) },
    port,
    apiKey: key,
    appId: LOCAL_APP_ID,
    unverifiedLimit: limit !== undefined ? limit : name === 'dev' ? 40 : null,
  })
  return { url: api.url, key, close: () => api.close() }
}
