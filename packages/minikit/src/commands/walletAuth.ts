import * as z from 'zod/mini'
import { CurrentUrlUnavailableError } from '../errors/CurrentUrlUnavailableError.js'
import type { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import { replySchema } from '../schemas/replySchema.js'
import { createSiweMessage } from '../siwe/createSiweMessage.js'
import { state, updateUser } from '../state.js'
import type { CommandDefinition } from '../support/CommandDefinition.js'
import { WALLET_AUTH_V2_MIN_EXCLUSIVE_APP_VERSION, WORLD_CHAIN_ID } from '../support/constants.js'
import { parseInput } from '../support/parseInput.js'
import { runCommand } from '../support/runCommand.js'
import type { CommandOptions } from '../types.js'

const WEEK_MS = 7 * 24 * 60 * 60 * 1000
const lineSafe = (field: string) => z.refine<string>((value) => !/[\r\n]/.test(value), `'${field}' must not contain newlines`)

const walletAuthInput = z.object({
  nonce: z.string({ error: "'nonce' is required" }).check(
    z.minLength(1, "'nonce' is required"),
    z.minLength(8, "'nonce' must be at least 8 characters"),
    // A nonce with spaces or line breaks could forge extra SIWE fields.
    z.refine((value) => !/\s/.test(value), "'nonce' must not contain whitespace"),
  ),
  statement: z.optional(z.string().check(lineSafe('statement'))),
  requestId: z.optional(z.string().check(lineSafe('requestId'))),
  expirationTime: z.optional(
    z.date("'expirationTime' must be a valid Date").check(
      z.refine((date) => date.getTime() > Date.now(), "'expirationTime' must be in the future"),
      z.refine((date) => date.getTime() <= Date.now() + WEEK_MS, "'expirationTime' must be within 7 days"),
    ),
  ),
  notBefore: z.optional(
    z
      .date("'notBefore' must be a valid Date")
      .check(z.refine((date) => date.getTime() <= Date.now() + WEEK_MS, "'notBefore' must be within 7 days")),
  ),
})

/** Input of {@link walletAuth}. */
export type WalletAuthInput = z.input<typeof walletAuthInput>

/** Wire type: the `wallet-auth` command payload. */
export interface WalletAuthPayload {
  siweMessage: string
}

const walletAuthReply = replySchema({
  message: z.string(),
  signature: z.string(),
  address: z.string(),
  version: z.number(),
})

/** The host's final wallet-auth payload (success or error). */
export type WalletAuthResult = z.infer<typeof walletAuthReply>

let profileLookup: typeof import('../utils/getUserByAddress.js') | undefined

/** @internal */
export const walletAuthDefinition: CommandDefinition<WalletAuthResult> = {
  command: 'wallet-auth',
  event: 'miniapp-wallet-auth',
  method: 'walletAuth',
  reply: walletAuthReply,
  async afterReply(reply) {
    if (reply.status !== 'success') return reply
    updateUser({ walletAddress: reply.address })
    try {
      // Lazy: the profile lookup is only needed once a wallet has signed in.
      // Kept after the first load, so later sign-ins await no import().
      profileLookup ??= await import('../utils/getUserByAddress.js')
      const { getUserByAddress } = profileLookup
      const { username, profilePictureUrl } = await getUserByAddress(reply.address)
      updateUser({ username, profilePictureUrl })
    } catch (error) {
      console.error('Failed to fetch user profile:', error)
    }
    return reply
  },
}

/**
 * Validate wallet-auth input and build the SIWE message for this page.
 * Throws {@link InvalidPayloadError} with the spec's message; logs it too.
 *
 * @example
 * ```ts
 * const { siweMessage } = buildWalletAuthPayload({ nonce: 'a1b2c3d4e5f6' })
 * ```
 */
export function buildWalletAuthPayload(input: WalletAuthInput): WalletAuthPayload {
  let valid: z.output<typeof walletAuthInput>
  try {
    valid = parseInput(walletAuthInput, input, 'wallet-auth')
  } catch (error) {
    console.error('Failed to validate wallet auth input:\n\n -->', (error as InvalidPayloadError).shortMessage)
    throw error
  }
  let url: URL
  try {
    url = new URL(window.location.href)
  } catch (cause) {
    console.error('Failed to get current URL', cause)
    throw new CurrentUrlUnavailableError(cause)
  }
  const siweMessage = createSiweMessage({
    scheme: url.protocol.slice(0, -1),
    domain: url.host,
    statement: valid.statement,
    uri: url.href,
    version: '1',
    chain_id: WORLD_CHAIN_ID,
    nonce: valid.nonce,
    issued_at: new Date().toISOString(),
    expiration_time: valid.expirationTime?.toISOString(),
    not_before: valid.notBefore?.toISOString(),
    request_id: valid.requestId,
  })
  return { siweMessage }
}

/** Wire version of wallet-auth for the installed host: 2 only above build 2087900. */
export function walletAuthVersion(): number {
  return (state.deviceProperties.worldAppVersion ?? 0) > WALLET_AUTH_V2_MIN_EXCLUSIVE_APP_VERSION ? 2 : 1
}

/**
 * Ask the wallet to sign a SIWE message ("Sign in with World App").
 * Resolves with the host's final payload; on success the wallet address is
 * stored on the user and the username profile fetched first.
 *
 * @example
 * ```ts
 * const result = await walletAuth({
 *   nonce: crypto.randomUUID().replaceAll('-', ''),
 *   statement: 'Sign in to WorldMap',
 *   expirationTime: new Date(Date.now() + 7 * 24 * 3600 * 1000),
 * })
 * if (result.status === 'success') await fetch('/api/login', { method: 'POST', body: JSON.stringify(result) })
 * ```
 */
export function walletAuth(input: WalletAuthInput, options?: CommandOptions): Promise<WalletAuthResult> {
  return runCommand(walletAuthDefinition, () => buildWalletAuthPayload(input), options, walletAuthVersion())
}
