import {
  CLOCK_SKEW_TOLERANCE_MS,
  type CustomTokenReply,
  customTokenReplySchema,
  createNonce as defaultCreateNonce,
  nonceSchema,
  signInStatement,
  signNonceReplySchema,
} from '@worldmap/game/contract'
import type { WalletAuthInput, WalletAuthResult } from '@worldmap/minikit'
import { CommandTimeoutError, CommandUnavailableError, CurrentUrlUnavailableError, InvalidPayloadError } from '@worldmap/minikit'
import * as z from 'zod/mini'
import type { ServerClock } from '../../lib/clock/createServerClock.js'
import { gameClock } from '../../lib/clock/gameClock.js'
import { offsetFromRoundTrip } from '../../lib/clock/offsetFromRoundTrip.js'
import type { RawReport } from '../../lib/reporting/reportQueue.js'
import type { AuthUser } from './createAuthStore.js'
import { LoginError } from './LoginError.js'
import { requestNonceSignature, type TimedNonceReply } from './requestNonceSignature.js'

const DAY_MS = 24 * 60 * 60 * 1000

/** What {@link login} needs from the outside world; injected so every step is testable. */
export interface LoginDependencies {
  fetch: typeof fetch
  /** `walletAuth` from `@worldmap/minikit`. */
  walletAuth(input: WalletAuthInput): Promise<WalletAuthResult | null | undefined>
  /** Firebase Auth `signInWithCustomToken`, bound to the app's Auth instance. */
  signInWithCustomToken(customToken: string): Promise<{ uid: string; getIdToken(): Promise<string> }>
  /**
   * The SDK's user (`MiniKit.user`): a successful `walletAuth` has already
   * looked the wallet up on the configured usernames service and stored its
   * name and picture there, so sign-in asks the service once, not twice.
   */
  walletUser(): { walletAddress?: string; username?: string | null; profilePictureUrl?: string | null }
  /** Our server's `POST /api/sign-nonce`. */
  signNonceUrl: string
  /** The `onRequestCustomToken` function URL. */
  customTokenUrl: string
  /** @default the contract's `createNonce` (`crypto.randomUUID()` without its dashes) */
  createNonce?: () => string
  /**
   * A nonce already sent to `signNonceUrl` while the page started
   * (`prefetchSignedNonce`): step 1 reads its reply instead of asking again.
   */
  prefetchedNonce?: { nonce: string; reply: Promise<TimedNonceReply> }
  /**
   * The game clock, told the server's time by the sign-nonce reply; the
   * message's `Expiration Time` and `Not Before` are read off it, in server
   * time. @default `gameClock`
   */
  clock?: ServerClock
  /** The device's clock, to time the sign-nonce round trip and the attempt. @default Date.now */
  deviceNow?: () => number
  /**
   * The attempt's action id (32 hex), sent with step 3 and on its failure's
   * report. @default the contract's `createNonce` (a fresh 128-bit random
   * value of an action id's shape, already on the first load)
   */
  createActionId?: () => string
  /** Where a failed attempt is reported. @default the app's report queue (`report`), loaded when a sign-in fails */
  report?: (report: RawReport) => void
}

/** How a login attempt ended when nothing failed. */
export type LoginResult =
  | { status: 'authenticated'; user: AuthUser; idToken: string }
  /** The wallet answered with an error (e.g. the user rejected): not signed in. */
  | { status: 'rejected'; errorCode: string }

/**
 * Sign in with the wallet, spec §7 "Login sequence", on the sign-in contract
 * of `@worldmap/game/contract` (the nonce, the statement, both replies):
 * 1. create a nonce and have our server sign it (`POST /api/sign-nonce`);
 * 2. ask the wallet to sign in (`wallet-auth`, 7-day expiry, not before one
 *    day ago, statement `Authenticate ({nonce}).`);
 * 3. exchange the wallet's payload for a custom token (`onRequestCustomToken`);
 * 4. sign in to Firebase Auth, read the id token, and take the wallet's name
 *    and picture from the SDK's user (walletAuth looked them up), and the
 *    game's generated name for the player from step 3's reply.
 *
 * A wallet reply that is not `success` resolves `{status: 'rejected'}` and
 * logs its error code. Every failure rejects with a {@link LoginError} whose
 * message is the spec's text. Each attempt is one player action: step 3
 * carries its id (`actionId`), which every function log line for it carries
 * too, and a failed attempt is reported (`report`) as a `signIn` refusal by
 * its `LoginError` code (a wallet's refusal as `wallet_<error_code>`), with
 * the id, the way `callContract` reports a callable's.
 *
 * @example
 * ```ts
 * const result = await login(await createLoginDependencies())
 * if (result.status === 'authenticated') store.setAuthenticated(result)
 * ```
 */
export async function login(dependencies: LoginDependencies): Promise<LoginResult> {
  const { deviceNow = Date.now, createActionId = defaultCreateNonce, report = reportWhenLoaded } = dependencies
  const actionId = createActionId()
  const startedAt = deviceNow()
  const failed = (code: string) =>
    report({ kind: 'refusal', callable: 'signIn', code, durationMs: Math.max(0, deviceNow() - startedAt), actionId })
  try {
    const result = await signIn(dependencies, actionId)
    // The host's code as it came: the reporter sends one of another shape as `unknown` (createReporter).
    if (result.status === 'rejected') failed(`wallet_${result.errorCode}`)
    return result
  } catch (error) {
    failed(error instanceof LoginError ? error.code : 'unknown')
    throw error
  }
}

/**
 * The report queue, loaded on the first failed sign-in: most sign-ins succeed, so the queue stays off the first
 * load (the reporter loads it a second after the page anyway, so a later failure finds it cached). A queue that
 * cannot load (offline before it was ever fetched) loses this one report, never the sign-in's own error.
 */
function reportWhenLoaded(item: RawReport): void {
  import('../../lib/reporting/reportQueue.js').then(
    ({ report }) => report(item),
    () => undefined,
  )
}

/** Steps 1–4 of {@link login}, as the action `actionId`. */
async function signIn(dependencies: LoginDependencies, actionId: string): Promise<LoginResult> {
  const { clock = gameClock, deviceNow = Date.now, createNonce = defaultCreateNonce, prefetchedNonce } = dependencies

  // 1. Nonce and its server signature.
  const nonce = prefetchedNonce?.nonce ?? createNonce()
  const signedNonce = await signNonce(dependencies, nonce, clock, deviceNow)
  // World App stamps `Issued At` with this phone's clock: further off than the
  // server allows, the sign-in cannot pass, so say so before the wallet opens.
  if (clock.source() !== null && Math.abs(clock.offset()) > CLOCK_SKEW_TOLERANCE_MS) {
    throw new LoginError('device_clock_wrong')
  }

  // 2. Wallet auth, valid from a day ago (server time) for 7 days. The expiry
  // is read off the earlier of the two clocks: the server refuses one more
  // than 7 days after its now, and the SDK (like World App) one more than 7
  // days after the phone's.
  const at = clock.now()
  let reply: WalletAuthResult | null | undefined
  try {
    reply = await dependencies.walletAuth({
      nonce,
      expirationTime: new Date(Math.min(at, deviceNow()) + 7 * DAY_MS),
      notBefore: new Date(at - DAY_MS),
      statement: signInStatement(nonce),
    })
  } catch (cause) {
    if (cause instanceof CurrentUrlUnavailableError) throw new LoginError('no_current_url', { cause })
    if (cause instanceof InvalidPayloadError) throw new LoginError('invalid_wallet_auth_input', { cause })
    // The host never answered: the command is missing or the reply timed out.
    if (cause instanceof CommandUnavailableError || cause instanceof CommandTimeoutError) {
      throw new LoginError('no_wallet_response', { cause })
    }
    throw cause
  }
  if (!reply) throw new LoginError('no_wallet_response')
  if (reply.status !== 'success') {
    console.error('Wallet auth failed:', reply.error_code)
    return { status: 'rejected', errorCode: reply.error_code }
  }

  // 3. Custom token. The attempt's action id goes with it, for the function's log lines.
  const { customToken, generatedName } = await requestCustomToken(
    dependencies,
    new URLSearchParams({ payload: JSON.stringify(reply), nonce, signedNonce, actionId }),
  )

  // 4. Backend sign-in, id token, wallet user info (the SDK's lookup; it logged a failed one, spec §4).
  const backendUser = await dependencies.signInWithCustomToken(customToken)
  const idToken = await backendUser.getIdToken()
  const sdkUser = dependencies.walletUser()
  // Only this wallet's: a user from an earlier sign-in of another wallet says nothing about this one.
  const profile = sdkUser.walletAddress?.toLowerCase() === reply.address.toLowerCase() ? sdkUser : {}
  return {
    status: 'authenticated',
    idToken,
    user: {
      uid: backendUser.uid,
      walletAddress: reply.address,
      username: profile.username ?? null,
      profilePictureUrl: profile.profilePictureUrl ?? null,
      generatedName: generatedName ?? null,
    },
  }
}

/**
 * Step 1: `nonce` signed by our server (a prefetched reply, or asked now),
 * and the game clock told the server's time. A nonce the server would refuse
 * is not sent.
 */
async function signNonce(
  dependencies: LoginDependencies,
  nonce: string,
  clock: ServerClock,
  deviceNow: () => number,
): Promise<string> {
  try {
    if (!nonceSchema.safeParse(nonce).success) throw new Error('the nonce is not a UUID without its dashes')
    const { response, sentAt, receivedAt } = await (dependencies.prefetchedNonce?.reply ??
      requestNonceSignature(dependencies.fetch, dependencies.signNonceUrl, nonce, deviceNow))
    const parsed = signNonceReplySchema.safeParse(await response.json())
    if (!response.ok || !parsed.success) throw new Error(`sign-nonce answered ${response.status}`)
    const { serverTime } = parsed.data
    if (serverTime !== undefined) clock.adopt(offsetFromRoundTrip(serverTime, sentAt, receivedAt), 'sign-nonce')
    return parsed.data.signedNonce
  } catch (cause) {
    throw new LoginError('sign_nonce_failed', { cause })
  }
}

/** Step 3: the wallet's payload exchanged for a custom token (`onRequestCustomToken`). */
async function requestCustomToken(dependencies: LoginDependencies, query: URLSearchParams): Promise<CustomTokenReply> {
  let body: unknown
  let status = 0
  try {
    const response = await dependencies.fetch(`${dependencies.customTokenUrl}?${query}`, { method: 'GET' })
    status = response.status
    if (status === 401 && (await refusalOf(response)) === 'device_clock_wrong') throw new LoginError('device_clock_wrong')
    if (!response.ok) throw new Error(`onRequestCustomToken answered ${response.status}`)
    body = await response.json()
  } catch (cause) {
    if (cause instanceof LoginError) throw cause
    // 429: the crowd limit on new sign-ins per network, which waiting lifts (not a connection problem).
    throw new LoginError(status === 429 ? 'too_many_sign_ins' : 'custom_token_request_failed', { cause })
  }
  const token = customTokenReplySchema.safeParse(body)
  if (!token.success) throw new LoginError('custom_token_missing')
  return token.data
}

const refusalSchema = z.object({ error: z.string() })

/** The stable `error` code of a refusal body, if it has one. */
async function refusalOf(response: Response): Promise<string | undefined> {
  try {
    const parsed = refusalSchema.safeParse(await response.json())
    return parsed.success ? parsed.data.error : undefined
  } catch {
    return undefined
  }
}
