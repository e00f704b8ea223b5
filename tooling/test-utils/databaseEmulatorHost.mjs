// Opening a second local database from Node (tests, the bench).
//
// Firebase's SDKs (Admin and client) send every database to
// FIREBASE_DATABASE_EMULATOR_HOST when it is set, keeping only the URL's
// namespace, and read it once, when a database handle is created. A process
// that talks to several local instances (the stack runs a main and region
// instances, each its own stand-in on its own port) therefore points the
// variable at one instance's host just while that instance's handle is made.
// The functions' production code has its own (apps/functions/src/firebase/openAdminDatabase.ts).

/**
 * Run `open` with FIREBASE_DATABASE_EMULATOR_HOST naming `url`'s host, then
 * restore the variable (or its absence), and return what `open` returned.
 *
 * @template T
 * @param {string} url  the instance, e.g. `http://127.0.0.1:9177/?ns=demo-worldmap-r1`
 * @param {() => T} open  makes the handle: `getDatabase(app, url)`, `getDatabaseWithUrl(url, app)`, …
 * @returns {T}
 * @example
 * ```js
 * const region = atDatabaseHost('http://127.0.0.1:9177/?ns=demo-worldmap-r1', () => getDatabaseWithUrl(url, app))
 * ```
 */
export function atDatabaseHost(url, open) {
  const previous = process.env.FIREBASE_DATABASE_EMULATOR_HOST
  process.env.FIREBASE_DATABASE_EMULATOR_HOST = new URL(url).host
  try {
    return open()
  } finally {
    if (previous === undefined) delete process.env.FIREBASE_DATABASE_EMULATOR_HOST
    else process.env.FIREBASE_DATABASE_EMULATOR_HOST = previous
  }
}
