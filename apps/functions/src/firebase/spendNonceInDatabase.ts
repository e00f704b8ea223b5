import type { Database } from 'firebase-admin/database'

/**
 * Mark a sign-in nonce spent in one Realtime Database transaction on
 * `/nonces/{nonce}`, so two requests racing with the same captured payload
 * cannot both get a token. Resolves `true` when this call spent it, `false`
 * when it had been spent before.
 *
 * The nonce is validated (the contract's `nonceSchema`: a UUID without its dashes) before it gets here, so it
 * is a safe database key.
 *
 * @example
 * ```ts
 * const spent = await spendNonceInDatabase(getDatabase(), '9f86d081884c4d659a2feaa0c55ad015', Date.now())
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
