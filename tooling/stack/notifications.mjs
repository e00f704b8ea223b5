// The stack's send-notification stand-in (issue 24), and the simulator's "Show streak reminder" behind it
// (streakReminder.mjs), which can only answer once the functions run.

import { randomBytes } from 'node:crypto'
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
   * Show reminders through the Admin SDK on the stack's main database and its functions.
   *
   * @param {{ name: string, databasePort: number, functionsPort: number }} stack
   */
  serve({ name, databasePort, functionsPort }) {
    const { initializeApp } = requireFromFunctions('firebase-admin/app')
    const { getDatabase } = requireFromFunctions('firebase-admin/database')
    this.#handler = (body) => {
      // An http:// URL is an emulator to the Admin SDK: it connects as the owner, past the rules.
      this.#adminApp ??= initializeApp(
        { projectId: PROJECT_ID, databaseURL: `http://127.0.0.1:${databasePort}?ns=${PROJECT_ID}` },
        `stack-${name}-streak-reminder`,
      )
      return showStreakReminder({
        database: getDatabase(this.#adminApp),
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
