import type { Database } from 'firebase-admin/database'

/**
 * Mark a sign-in nonce spent in one Realtime Database transaction on
 * `/nonces/{nonce}`, so two requests racing with the same captured payload
 * cannot both get a token. Resolves `true` when this call spent it, `false`
 * when it had been spent before.
 *
 * The nonce is validated (8–64 letters or digits) before it gets here, so it
 * is a safe database key.
 *
 * @example
 * ```ts
 * const spent = await spendNonceInDatabase(getDatabase(), 'a1b2c3d4e5f60718', Date.now())
 * if (!spent) return fail(409, 'nonce_already_used')
 * ```
 */
export async function spendNonceInDatabase(database: Database, nonce: string, now: number): Promise<boolean> {
  const result = await database.ref(`nonces/${nonce}`).transaction(
    (current: unknown) => (current === null ? { spentAt: now } : undefined),
    undefined,
    // A local event for a write that may still lose the race would be a lie.
    false,
  )
  return result.committed
}
