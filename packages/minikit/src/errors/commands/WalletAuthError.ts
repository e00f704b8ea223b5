import { BaseError } from '../BaseError.js'

/**
 * The 2.x `MiniKit.walletAuth` rejects with this when World App answers with
 * an error (the user declined, a malformed request …). `code` is World App's
 * `error_code` and `details` its text, as on the official 2.x class.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.walletAuth({ nonce })
 * } catch (error) {
 *   if (error instanceof WalletAuthError && error.code === 'user_rejected') showSignInAgainButton()
 * }
 * ```
 */
export class WalletAuthError extends BaseError {
  override name = 'WalletAuthError'
  // World App's error code, not a constant: the official class carries it here.
  override readonly code: string
  constructor(code: string, details?: string) {
    super(`Wallet auth failed: ${code}`, { details, docsPath: '#walletautherror' })
    this.code = code
  }
}

/** {@link WalletAuthError}, with its name as a literal so a union of error types narrows on `name`. */
export type WalletAuthErrorType = WalletAuthError & { name: 'WalletAuthError' }
