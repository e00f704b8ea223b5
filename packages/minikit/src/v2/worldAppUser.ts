import * as z from 'zod/mini'
import { updateUser } from '../state.js'
import type { User } from '../types.js'

// The user fields World App injects for the official 2.x toolkit. Each is
// checked on its own: a malformed one is left out, never failing install.
const worldAppUserFields = {
  wallet_address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  verification_status: z.object({
    is_orb_verified: z.boolean(),
    is_document_verified: z.boolean(),
    is_secure_document_verified: z.boolean(),
  }),
  preferred_currency: z.string(),
  pending_notifications: z.number().check(z.int(), z.minimum(0)),
}

type Fields = typeof worldAppUserFields

/**
 * The official 2.x user fields of `window.WorldApp` (`wallet_address`,
 * `verification_status`, `preferred_currency`, `pending_notifications`)
 * as `User` fields; missing and malformed ones are left out. `location` is
 * read by `MiniKit.location`.
 *
 * Read by `MiniKit.install()` and the official-shaped React provider, not by
 * the tree-shakeable `install()` or `installOnce()`: the smallest sign-in
 * bundle and the game's first load stay as they were.
 *
 * @example
 * ```ts
 * readWorldAppUser({ wallet_address: '0x12…', preferred_currency: 'EUR', pending_notifications: 2 })
 * // → { walletAddress: '0x12…', preferredCurrency: 'EUR', pendingNotifications: 2 }
 * ```
 */
export function readWorldAppUser(worldApp: unknown): Partial<User> {
  const raw = (typeof worldApp === 'object' && worldApp) || {}
  const read = <K extends keyof Fields>(key: K): z.output<Fields[K]> | undefined => {
    const result = worldAppUserFields[key].safeParse((raw as Record<string, unknown>)[key])
    return result.success ? (result.data as z.output<Fields[K]>) : undefined
  }
  const user: Partial<User> = {}
  const walletAddress = read('wallet_address')
  if (walletAddress !== undefined) user.walletAddress = walletAddress
  const status = read('verification_status')
  if (status) {
    user.verificationStatus = {
      isOrbVerified: status.is_orb_verified,
      isDocumentVerified: status.is_document_verified,
      isSecureDocumentVerified: status.is_secure_document_verified,
    }
  }
  const preferredCurrency = read('preferred_currency')
  if (preferredCurrency !== undefined) user.preferredCurrency = preferredCurrency
  const pendingNotifications = read('pending_notifications')
  if (pendingNotifications !== undefined) user.pendingNotifications = pendingNotifications
  return user
}

/**
 * Put the official 2.x user fields of `window.WorldApp` on the user, after
 * an install that read the host: `MiniKit.install()` and the official-shaped
 * React provider (`@worldmap/minikit-react/minikit-provider`), as official
 * 2.x's provider installs through `MiniKit.install`. Not `installOnce()`, so
 * apps on our root provider keep these schemas out of their first load.
 *
 * @example
 * ```ts
 * if (install().success) readWorldAppUserIntoState()
 * ```
 */
export function readWorldAppUserIntoState(): void {
  const fields = readWorldAppUser(typeof window === 'undefined' ? undefined : (window as { WorldApp?: unknown }).WorldApp)
  if (Object.keys(fields).length) updateUser(fields)
}
