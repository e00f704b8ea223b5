/** Run `open` with FIREBASE_DATABASE_EMULATOR_HOST naming `url`'s host, then restore it; see databaseEmulatorHost.mjs. */
export function atDatabaseHost<T>(url: string, open: () => T): T
