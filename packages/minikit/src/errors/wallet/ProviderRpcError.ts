/**
 * The EIP-1193 / EIP-1474 error codes the World App provider rejects with.
 * viem, ethers and wagmi map these numbers to their own errors (4001 becomes
 * viem's `UserRejectedRequestError`), so each failure gets the code that
 * names its cause.
 */
export const ProviderRpcErrorCode = {
  /** The user declined in World App. */
  UserRejected: 4001,
  /** The method is not one World App offers (or this World App version lacks it). */
  UnsupportedMethod: 4200,
  /** The provider is not connected: the page is not in World App, or MiniKit is not installed. */
  Disconnected: 4900,
  /** The chain is not World Chain (480). */
  UnrecognizedChain: 4902,
  /** The request's params are malformed. */
  InvalidParams: -32602,
  /** World App answered with a failure other than a rejection. */
  Internal: -32603,
} as const

/** One of {@link ProviderRpcErrorCode}'s numbers. */
export type ProviderRpcErrorCode = (typeof ProviderRpcErrorCode)[keyof typeof ProviderRpcErrorCode]

/**
 * What `getWorldAppProvider().request` rejects with: an `Error` with the
 * numeric EIP-1193 `code` libraries switch on, and the SDK error behind it
 * as `cause`. Not a `BaseError`: EIP-1193 requires `code` to be a number,
 * and BaseError's `code` is a string.
 *
 * @example
 * ```ts
 * try {
 *   await getWorldAppProvider().request({ method: 'personal_sign', params: ['0x68656c6c6f', address] })
 * } catch (error) {
 *   if (error instanceof ProviderRpcError && error.code === 4001) return // the player said no
 * }
 * ```
 */
export class ProviderRpcError extends Error {
  override name = 'ProviderRpcError'
  readonly code: ProviderRpcErrorCode
  constructor(code: ProviderRpcErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
  }
}

/** {@link ProviderRpcError}, with its name as a literal so a union of error types narrows on `name`. */
export type ProviderRpcErrorType = ProviderRpcError & { name: 'ProviderRpcError' }
