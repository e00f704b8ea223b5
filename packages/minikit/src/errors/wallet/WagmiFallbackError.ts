import { BaseError, type BaseErrorParameters } from '../BaseError.js'

/** Why the wagmi web fallback could not run. */
export type WagmiFallbackReason =
  /** The optional peer `wagmi` is not installed (its `wagmi/actions` could not load). */
  | 'wagmiNotInstalled'
  /** `registerWagmiFallback(config)` was never called. */
  | 'notRegistered'
  /** The wagmi config has no connector to use outside World App. */
  | 'noConnector'
  /** The web wallet refused or failed to connect. */
  | 'connectFailed'
  /** The web wallet stays on another chain than the one asked for. */
  | 'wrongChain'

/**
 * Raised by the wagmi web fallback (`@worldmap/minikit/wagmi-fallback`)
 * when it cannot reach a web wallet: `reason` says what to fix, `cause`
 * keeps the wagmi error.
 *
 * @example
 * ```ts
 * try {
 *   await MiniKit.signMessage({ message: 'hello' })
 * } catch (error) {
 *   if (error instanceof WagmiFallbackError && error.reason === 'connectFailed') showConnectWalletHelp()
 * }
 * ```
 */
export class WagmiFallbackError extends BaseError {
  override name = 'WagmiFallbackError'
  override readonly code = 'wagmi_fallback'
  constructor(reason: WagmiFallbackReason, shortMessage: string, parameters: Pick<BaseErrorParameters, 'cause'> = {}) {
    super(shortMessage, { docsPath: '#wagmifallbackerror', ...parameters })
    this.reason = reason
  }
  declare readonly reason: WagmiFallbackReason
}

/** {@link WagmiFallbackError}, with its name as a literal so a union of error types narrows on `name`. */
export type WagmiFallbackErrorType = WagmiFallbackError & { name: 'WagmiFallbackError' }
