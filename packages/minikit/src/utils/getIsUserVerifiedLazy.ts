import type { GetIsUserVerifiedOptions } from './getIsUserVerified.js'

/**
 * Whether a wallet's World ID (Orb) verification is current, read from the
 * address book contract on World Chain. Resolves `false` on any failure, as
 * in the official toolkit.
 *
 * The implementation (and viem) load on first use, so the root entry stays
 * light for apps that never ask.
 *
 * @param walletAddress the wallet to look up
 * @param rpcUrl World Chain JSON-RPC URL; viem's public World Chain RPC when omitted
 * @example
 * ```ts
 * const verified = await getIsUserVerified('0x…')
 * ```
 */
export function getIsUserVerified(walletAddress: string, rpcUrl?: string, options?: GetIsUserVerifiedOptions): Promise<boolean> {
  return import('./getIsUserVerified.js').then((module) => module.getIsUserVerified(walletAddress, rpcUrl, options))
}
