import { type Address, type Chain, type Client, createPublicClient, http, isAddress, type Transport } from 'viem'
import { readContract } from 'viem/actions'
import { worldchain } from 'viem/chains'

/** World ID's address book on World Chain: when each wallet's verification lapses. */
export const WORLD_ID_ADDRESS_BOOK = '0x57b930D551e677CC36e2fA036Ae2fe8FdaE0330D'

const addressBookAbi = [
  {
    type: 'function',
    name: 'addressVerifiedUntil',
    stateMutability: 'view',
    inputs: [{ name: 'account', type: 'address' }],
    outputs: [{ name: 'verifiedUntil', type: 'uint256' }],
  },
] as const

/** Options of {@link getIsUserVerified}. */
export interface GetIsUserVerifiedOptions {
  /** A World Chain client to read through (tests, or an app's own client); built from `rpcUrl` when omitted. */
  client?: Client<Transport, Chain | undefined>
  /** Clock the expiry is compared with. @default new Date() */
  now?: Date
}

/**
 * Whether a wallet is in World ID's address book on World Chain, i.e. its
 * Orb verification has not lapsed (`addressVerifiedUntil(wallet)` is in the
 * future), as official 1.9.6's root `getIsUserVerified` answers it.
 *
 * As in the official toolkit, any failure (a malformed address, an RPC
 * outage, a contract error) resolves `false` after logging it: callers gate
 * features on the answer and must not crash on a flaky RPC.
 *
 * @param walletAddress the wallet to look up
 * @param rpcUrl World Chain JSON-RPC URL; viem's public World Chain RPC when omitted
 * @example
 * ```ts
 * if (await getIsUserVerified(MiniKit.user.walletAddress)) showOrbPerks()
 * ```
 */
export async function getIsUserVerified(
  walletAddress: string,
  rpcUrl?: string,
  options: GetIsUserVerifiedOptions = {},
): Promise<boolean> {
  try {
    if (!isAddress(walletAddress, { strict: false })) throw new Error('Not a wallet address')
    // Built per call, as the official does: a one-off read needs no shared client.
    const client = options.client ?? createPublicClient({ chain: worldchain, transport: http(rpcUrl) })
    const verifiedUntil = await readContract(client, {
      address: WORLD_ID_ADDRESS_BOOK,
      abi: addressBookAbi,
      functionName: 'addressVerifiedUntil',
      args: [walletAddress as Address],
    })
    // uint256 seconds; compared as bigint so no expiry is ever rounded.
    return verifiedUntil > BigInt(Math.floor((options.now ?? new Date()).getTime() / 1000))
  } catch (error) {
    console.error('Error verifying user:', error)
    return false
  }
}
