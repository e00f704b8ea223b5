import type { App } from 'firebase-admin/app'
import { type Database, getDatabaseWithUrl } from 'firebase-admin/database'

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])

/**
 * The Admin SDK's handle on the database instance at `url`.
 *
 * For a local stand-in (`http://` to a loopback host) the SDK would send
 * every instance to `FIREBASE_DATABASE_EMULATOR_HOST` when that is set (it
 * keeps only the namespace of the URL), so the variable is pointed at this
 * instance's own host for the moment the handle is made, and restored: the
 * SDK reads it once, when it creates the instance. An `http://` URL makes the
 * SDK authenticate as the emulator's `owner`. An `https://` URL is a real
 * instance, opened with the app's credentials.
 *
 * @example
 * ```ts
 * const sea1 = openAdminDatabase(getApp(), 'https://worldmap-sea-1.asia-southeast1.firebasedatabase.app')
 * const local = openAdminDatabase(getApp(), 'http://127.0.0.1:9177/?ns=demo-worldmap-r1')
 * ```
 */
export function openAdminDatabase(app: App, url: string): Database {
  const parsed = new URL(url)
  if (parsed.protocol !== 'http:' || !loopbackHosts.has(parsed.hostname)) return getDatabaseWithUrl(url, app)
  const previous = process.env.FIREBASE_DATABASE_EMULATOR_HOST
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = parsed.host
  try {
    return getDatabaseWithUrl(url, app)
  } finally {
    if (previous === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST
    else process.env.FIREBASE_DATABASE_EMULATOR_HOST = previous
  }
}
