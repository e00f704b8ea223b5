import * as z from 'zod/mini'
import { parseInput } from '../commandPipeline/parseInput.js'
import { runCommand } from '../commandPipeline/runCommand.js'
import { CurrentUrlUnavailableError } from '../errors/CurrentUrlUnavailableError.js'
import type { InvalidPayloadError } from '../errors/InvalidPayloadError.js'
import type { CommandDefinition } from '../protocol/CommandDefinition.js'
import { WORLD_CHAIN_ID } from '../protocol/chain.js'
import { WALLET_AUTH_V2_MIN_EXCLUSIVE_APP_VERSION } from '../protocol/sdkVersion.js'
import { acceptorOf } from '../schemas/acceptor.js'
import { type ReplyOf, replySchema } from '../schemas/replySchema.js'
import { createSiweMessage } from '../siwe/createSiweMessage.js'
import { isoTimestamp } from '../siwe/isoTimestamp.js'
import { clearOnReset, state, updateUser } from '../state.js'
import type { CommandOptions } from '../types.js'

const WEEK_MS = 7 * 24 * 60 * 60 * 1000
// A nonce with spaces or line breaks could forge extra SIWE fields; a line
// break in the statement or request id would start a field of its own.
const WHITESPACE = /\s/
const LINE_BREAK = /[\r\n]/
const lineSafe = (field: string) => z.refine<string>((value) => !LINE_BREAK.test(value), `'${field}' must not contain newlines`)

const walletAuthShape = {
  nonce: z.string({ error: "'nonce' is required" }).check(
    z.minLength(1, "'nonce' is required"),
    z.minLength(8, "'nonce' must be at least 8 characters"),
    z.refine((value) => !WHITESPACE.test(value), "'nonce' must not contain whitespace"),
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
}

/** @internal The schema of record for wallet-auth input, and its errors. */
export const walletAuthInput = z.object(walletAuthShape)

type ValidInput = z.output<typeof walletAuthInput>

/**
 * The schema's rules for the common case, without building a parse result:
 * a sign-in is the one command apps call on every visit, and zod's object
 * parse was a third of its round trip. Derived from the shape (see
 * {@link acceptorOf}): the same types, the same checks, run without the
 * parse's allocations. It only ever accepts; anything it does not accept
 * (every invalid input included) goes through the schema, which stays the
 * source of the rules' wording. Each field is read once, so a getter cannot
 * change a value after its check.
 *
 * @internal
 */
export const acceptWalletAuthInput = /* @__PURE__ */ acceptorOf(walletAuthShape, false) as
  | ((input: unknown) => ValidInput | undefined)
  | undefined

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
  // Optional, as official 2.x reads it: a reply without it still signs in
  // (MiniKit.walletAuth resolves `version: undefined`); no check needs it.
  version: z.optional(z.number()),
})

/** The host's final wallet-auth payload (success or error). */
export type WalletAuthResult = ReplyOf<typeof walletAuthReply>

type ProfileLookup = typeof import('../utils/getUserByAddress.js')
let profileLookup: Promise<ProfileLookup> | undefined
// The loaded module, so a sign-in after the first awaits no extra tick.
let profileModule: ProfileLookup | undefined

/**
 * Start loading the profile lookup when a sign-in is sent, not when it
 * succeeds: the chunk then loads while the user reads the host's sheet, so
 * the first sign-in's reply waits for no import, and pages that never sign
 * in never load it. A failed load is retried on the next sign-in.
 */
function loadProfileLookup(): Promise<ProfileLookup> {
  if (!profileLookup) {
    clearOnReset(forgetCaches)
    profileLookup = import('../utils/getUserByAddress.js').then(
      (module) => (profileModule = module),
      (error) => {
        profileLookup = undefined
        throw error
      },
    )
  }
  return profileLookup
}

/** @internal */
export const walletAuthDefinition: CommandDefinition<WalletAuthResult> = {
  command: 'wallet-auth',
  event: 'miniapp-wallet-auth',
  method: 'walletAuth',
  reply: walletAuthReply,
  async afterReply(reply) {
    if (reply.status !== 'success') return reply
    // Unchanged values are not written: each write notifies every watcher
    // (and re-renders React subscribers) for nothing. A repeat sign-in of the
    // wallet whose profile is already stored reuses it: no second usernames
    // request, and the reply is not held for one (`getUserByAddress()` reads
    // a fresh profile). A first sign-in, or another wallet, waits for its
    // profile, so the caller finds it on the user.
    if (state.user.walletAddress !== reply.address) updateUser({ walletAddress: reply.address })
    else if (state.user.username !== undefined) return reply
    try {
      const { getUserByAddress } = profileModule ?? (await loadProfileLookup())
      const { username, profilePictureUrl } = await getUserByAddress(reply.address)
      if (state.user.username !== username || state.user.profilePictureUrl !== profilePictureUrl) {
        updateUser({ username, profilePictureUrl })
      }
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
  const now = Date.now()
  const valid = acceptWalletAuthInput?.(input) ?? validate(input)
  if (!profileLookup) loadProfileLookup().catch(() => {})
  const page = currentPage()
  const siweMessage = createSiweMessage({
    scheme: page.scheme,
    domain: page.host,
    statement: valid.statement,
    uri: page.href,
    version: '1',
    chain_id: WORLD_CHAIN_ID,
    nonce: valid.nonce,
    issued_at: isoTimestamp(now),
    expiration_time: valid.expirationTime && isoTimestamp(valid.expirationTime.getTime()),
    not_before: valid.notBefore && isoTimestamp(valid.notBefore.getTime()),
    request_id: valid.requestId,
  })
  return { siweMessage }
}

function validate(input: unknown): ValidInput {
  try {
    return parseInput(walletAuthInput, input, 'wallet-auth')
  } catch (error) {
    console.error('Failed to validate wallet auth input:\n\n -->', (error as InvalidPayloadError).shortMessage)
    throw error
  }
}

interface Page {
  href: string
  scheme: string
  host: string
}
// The page and the `location.href` it was parsed from.
let page: (Page & { key: string }) | undefined

/**
 * Scheme, host and URL of the page, parsed once per distinct `location.href`:
 * the address rarely changes between sign-ins, a `URL` parse costs more
 * than the rest of building the message, and the string comparison keeps
 * a client-side navigation from ever reusing a stale origin.
 */
function currentPage(): Page {
  try {
    const href = window.location.href
    if (page?.key === href) return page
    const url = new URL(href)
    page = { key: href, href: url.href, scheme: url.protocol.slice(0, -1), host: url.host }
    clearOnReset(forgetCaches)
    return page
  } catch (cause) {
    console.error('Failed to get current URL', cause)
    throw new CurrentUrlUnavailableError(cause)
  }
}

/** Empty this module's caches: `resetState()` calls it once any of them has filled. */
function forgetCaches(): void {
  profileLookup = undefined
  profileModule = undefined
  page = undefined
}

/** @internal What walletAuth's module caches hold, so tests can see `resetState()` empty them. */
export const walletAuthCaches = () => ({ profileLookup, profileModule, page })

/** Wire version of wallet-auth for a World App build (the installed host's by default): 2 only above build 2087900. */
export function walletAuthVersion(worldAppVersion = state.deviceProperties.worldAppVersion): number {
  return (worldAppVersion ?? 0) > WALLET_AUTH_V2_MIN_EXCLUSIVE_APP_VERSION ? 2 : 1
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

/**
 * Every error {@link walletAuth} can reject with, wagmi style: switch on `name` to narrow.
 * `ErrorType`: the native message handler threw while taking the message.
 */
export type WalletAuthErrorType =
  | import('../errors/CommandUnavailableError.js').CommandUnavailableErrorType
  | import('../errors/InvalidPayloadError.js').InvalidPayloadErrorType
  | import('../errors/CurrentUrlUnavailableError.js').CurrentUrlUnavailableErrorType
  | import('../errors/HostUnavailableError.js').HostUnavailableErrorType
  | import('../errors/CommandTimeoutError.js').CommandTimeoutErrorType
  | import('../errors/CommandAbortedError.js').CommandAbortedErrorType
  | import('../errors/MalformedReplyError.js').MalformedReplyErrorType
  | import('../errors/BaseError.js').ErrorType
