// The web fallback a 2.x command uses outside World App when the page
// registered one (`registerWagmiFallback(config)` from `./wagmi-fallback`).
// A registry, not an import: the root never loads wagmi, and an app that
// never registers a fallback never pays for one.

/** A 0x-prefixed hex string. */
type Hex = `0x${string}`

/** Input of the wallet-auth fallback (the 2.x `walletAuth` options without `fallback`). */
export interface FallbackWalletAuthInput {
  nonce: string
  statement?: string
  requestId?: string
  expirationTime?: Date
  notBefore?: Date
}

/** What the wallet-auth fallback resolves with: the same fields World App's success reply carries. */
export interface FallbackWalletAuthData {
  address: string
  message: string
  signature: string
}

/** What the sign-message and sign-typed-data fallbacks resolve with (World App's success reply shape). */
export interface FallbackSignatureData {
  status: 'success'
  version: number
  signature: string
  address: string
}

/** One call of a send-transaction v2 batch. */
export interface FallbackTransactionCall {
  to: string
  data?: string
  value?: string
}

/**
 * The web paths 2.x commands may take outside World App; every method is
 * optional, and a command without one goes to the caller's `fallback`.
 */
export interface FallbackAdapter {
  walletAuth?(input: FallbackWalletAuthInput): Promise<FallbackWalletAuthData>
  signMessage?(input: { message: string }): Promise<FallbackSignatureData>
  signTypedData?(input: {
    types: Record<string, unknown>
    primaryType: string
    domain?: Record<string, unknown>
    message: Record<string, unknown>
    chainId?: number
  }): Promise<FallbackSignatureData>
  sendTransaction?(input: { transactions: FallbackTransactionCall[]; chainId: number }): Promise<{
    transactionHash: Hex
  }>
}

const registry: { adapter: FallbackAdapter | undefined } = { adapter: undefined }

/**
 * Register (or with `undefined`, remove) the web fallback 2.x commands use
 * outside World App. `registerWagmiFallback` calls this; tests may too.
 *
 * @example
 * ```ts
 * setFallbackAdapter({ signMessage: async ({ message }) => mySigner.sign(message) })
 * ```
 */
export function setFallbackAdapter(adapter: FallbackAdapter | undefined): void {
  registry.adapter = adapter
}

/** The registered web fallback, if any. */
export function getFallbackAdapter(): FallbackAdapter | undefined {
  return registry.adapter
}
