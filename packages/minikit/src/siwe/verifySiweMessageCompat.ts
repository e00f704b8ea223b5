import type { Chain, Client, Transport } from 'viem'
import { parseSiweMessageCompat, type SiweMessageData } from './parseSiweMessageCompat.js'
import type { VerifySiweMessageParameters, VerifySiweMessageReturnType, WalletAuthSuccessPayload } from './verifySiweMessage.js'

/** What the positional (official 1.9.6) form resolves with. */
export interface VerifySiweMessagePositionalReturnType {
  isValid: true
  siweMessageData: SiweMessageData
}

/**
 * Verify a World App wallet-auth (SIWE) payload on the server, in either
 * form: ours, one object (see `@worldmap/minikit/siwe`), or official 1.9.6's
 * positional `(payload, nonce, statement?, requestId?, userProvider?)`,
 * which resolves with the official shape (`siweMessageData` as the root
 * `parseSiweMessage` returns it).
 *
 * Both forms run the same checks, which are stricter than the official's:
 * the nonce is always compared (the official skips an empty one), the
 * message address must be the payload's, the chain must be World Chain, and
 * a bad signature throws instead of resolving `isValid: false`. A falsy
 * `statement` or `requestId` is not checked, as in the official.
 *
 * The verifier (and viem) load on first call, so the root entry stays light.
 *
 * @throws {SiweVerificationError} on any failed check (its `code` says which).
 *
 * @example
 * ```ts
 * // Official call sites compile and run unchanged:
 * const { isValid, siweMessageData } = await verifySiweMessage(payload, nonce)
 * // Ours, with more checks:
 * await verifySiweMessage({ payload, nonce, domain: 'app.example' })
 * ```
 */
export function verifySiweMessageCompat(parameters: VerifySiweMessageParameters): Promise<VerifySiweMessageReturnType>
export function verifySiweMessageCompat(
  payload: WalletAuthSuccessPayload,
  nonce: string,
  statement?: string,
  requestId?: string,
  userProvider?: Client<Transport, Chain | undefined>,
): Promise<VerifySiweMessagePositionalReturnType>
export async function verifySiweMessageCompat(
  first: VerifySiweMessageParameters | WalletAuthSuccessPayload,
  nonce?: string,
  statement?: string,
  requestId?: string,
  userProvider?: Client<Transport, Chain | undefined>,
): Promise<VerifySiweMessageReturnType | VerifySiweMessagePositionalReturnType> {
  const { verifySiweMessage } = await import('./verifySiweMessage.js')
  // Ours is one object holding `payload`; the official passes the payload itself first.
  if (nonce === undefined && typeof first === 'object' && first !== null && 'payload' in first) {
    return verifySiweMessage(first)
  }
  const payload = first as WalletAuthSuccessPayload
  await verifySiweMessage({
    payload,
    nonce: nonce as string,
    statement: statement || undefined,
    requestId: requestId || undefined,
    client: userProvider,
  })
  return { isValid: true, siweMessageData: parseSiweMessageCompat(payload.message) }
}
