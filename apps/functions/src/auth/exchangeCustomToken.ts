import {
  type CustomTokenErrorCode,
  type CustomTokenQuery,
  type CustomTokenReply,
  customTokenQuerySchema,
  nonceSchema,
  signInStatement,
} from '@worldmap/game/contract'
import { type HttpResult, verifySignedNonce } from '@worldmap/game/server'
import { WORLD_CHAIN_ID } from '@worldmap/minikit'
import {
  parseSiweMessage,
  type SiweMessage,
  SiweVerificationError,
  type SiweVerificationErrorCode,
  type VerifySiweMessageParameters,
  verifySiweMessage,
} from '@worldmap/minikit/siwe'
import { type Address, type Chain, type Client, getAddress, type Transport } from 'viem'
import * as z from 'zod/mini'
import { PLAYER_MOVING_RETRY_MS, PlayerMovingError } from '../database/errors/PlayerMovingError.js'
import { DeviceClockWrongError } from '../refusals/DeviceClockWrongError.js'
import { checkSignedNonceAge } from './checkSignedNonceAge.js'
import { checkSiweOrigin } from './checkSiweOrigin.js'
import { checkSiweTimeWindow } from './checkSiweTimeWindow.js'
import { signInLimits } from './signInLimits.js'

/** Stable error codes of `onRequestCustomToken` (the sign-in contract's); see {@link exchangeCustomToken}. */
export type ExchangeCustomTokenErrorCode = CustomTokenErrorCode

/** Query fields {@link exchangeCustomToken} reads. */
export type ExchangeCustomTokenField = keyof CustomTokenQuery

/** The JSON body of every rejection: a stable code and fixed text, never an input value. */
export interface ExchangeCustomTokenErrorBody {
  error: ExchangeCustomTokenErrorCode
  message: string
  /** The offending query fields (`invalid_query` only). */
  fields?: ExchangeCustomTokenField[]
}

export type ExchangeCustomTokenResult = HttpResult<CustomTokenReply> | HttpResult<ExchangeCustomTokenErrorBody>

/** Dependencies of {@link exchangeCustomToken}, injected by the `onRequest` wrapper (and by tests). */
export interface ExchangeCustomTokenDependencies {
  /** The HMAC secret shared with `POST /api/sign-nonce` (`WORLDMAP_NONCE_SECRET`). */
  secret: string
  /**
   * Mark the nonce spent, atomically (a transaction on `/nonces/{nonce}`).
   * Resolves `true` if this call spent it, `false` if it was already spent.
   */
  spendNonce(nonce: string): Promise<boolean>
  /** Mint a Firebase custom token for `uid` (the checksummed wallet address). */
  mintCustomToken(uid: string): Promise<string>
  /**
   * The player's generated name (`generatedNameOf(publicIdOf(uid, key))`), sent
   * with the token so the app shows the same name as the leaderboard.
   * @default none sent
   */
  generatedNameOf?: (uid: string) => string
  /**
   * The crowd limit on sign-ins per source address (`admitSignIn`): resolves
   * `false` to refuse this wallet's sign-in for now (429 `too_many_sign_ins`).
   * @default every sign-in is admitted
   */
  admitSignIn?: (uid: string) => Promise<boolean>
  /** Replaces `verifySiweMessage` (tests). */
  verifySiwe?: (parameters: VerifySiweMessageParameters) => Promise<unknown>
  /** World Chain client for the ERC-1271 check of Safe wallets (from `WORLDCHAIN_RPC_URL`). */
  client?: Client<Transport, Chain | undefined>
  /** Clock. @default () => new Date() */
  now?: () => Date
  /**
   * The app's origins (`URL.origin`s, from `WORLDMAP_APP_ORIGINS`): the message's
   * domain and URI must belong to one of them. Always checked; empty refuses everything.
   */
  appOrigins: readonly string[]
  /** Where internal failures are reported (without secrets). @default console */
  logger?: Pick<Console, 'error'>
}

const chainId = WORLD_CHAIN_ID
/** A World App wallet-auth payload is well under 2 KiB; 8 KiB leaves room and bounds the work. */
const maxPayloadBytes = 8 * 1024

const messages: Record<ExchangeCustomTokenErrorCode, string> = {
  invalid_query: 'Query must have exactly one payload, nonce and signedNonce, each a string.',
  payload_too_large: `payload must be at most ${maxPayloadBytes} bytes.`,
  invalid_nonce: 'nonce must be a UUID without its dashes (32 lowercase hex digits).',
  invalid_payload_json: 'payload is not valid JSON.',
  invalid_payload: 'payload must be a wallet-auth success payload {status, message, signature, address, version?}.',
  wallet_auth_failed: 'Wallet auth did not succeed.',
  invalid_signed_nonce: 'signedNonce does not match nonce.',
  nonce_expired: 'signedNonce has expired: start the sign-in again with a new nonce.',
  malformed_message: 'The signed message is not a SIWE message.',
  unsupported_version: 'The signed message must be SIWE version 1.',
  address_mismatch: 'The payload address does not match the signed message.',
  chain_mismatch: `The signed message must be for chain ${chainId}.`,
  scheme_mismatch: 'The signed message has the wrong scheme.',
  domain_mismatch: 'The signed message has the wrong domain.',
  uri_mismatch: 'The signed message has the wrong URI.',
  nonce_mismatch: 'The signed message is for another nonce.',
  statement_mismatch: 'The signed message has the wrong statement.',
  request_id_mismatch: 'The signed message has the wrong request id.',
  expired: 'The signed message has expired.',
  not_yet_valid: 'The signed message is not valid yet.',
  issued_in_future: 'The signed message was issued in the future.',
  device_clock_wrong: new DeviceClockWrongError().shortMessage,
  missing_expiration: 'The signed message must have an expiration time.',
  expiration_too_far: 'The signed message must expire within 7 days (and 12 hours of clock skew).',
  invalid_signature: 'The signature does not match the address.',
  nonce_already_used: 'This nonce was already used to sign in.',
  too_many_sign_ins: 'Too many new sign-ins from this network for now. Try again later.',
  chain_unavailable: 'The World Chain RPC is unavailable, so the signature cannot be checked. Try again later.',
  player_moving: "This player's records are moving to another database for a moment. Sign in again shortly.",
  internal: 'Internal error.',
}

/**
 * SIWE check → [status, code]. Shape problems are 400; a message that parses
 * but fails a check is 401; a chain we cannot reach is our outage, 503.
 */
const siweErrors: Record<SiweVerificationErrorCode, [number, ExchangeCustomTokenErrorCode]> = {
  malformed_payload: [400, 'invalid_payload'],
  malformed_message: [400, 'malformed_message'],
  unsupported_version: [400, 'unsupported_version'],
  address_mismatch: [401, 'address_mismatch'],
  chain_mismatch: [401, 'chain_mismatch'],
  scheme_mismatch: [401, 'scheme_mismatch'],
  domain_mismatch: [401, 'domain_mismatch'],
  uri_mismatch: [401, 'uri_mismatch'],
  invalid_nonce: [401, 'nonce_mismatch'],
  nonce_mismatch: [401, 'nonce_mismatch'],
  statement_mismatch: [401, 'statement_mismatch'],
  request_id_mismatch: [401, 'request_id_mismatch'],
  expired: [401, 'expired'],
  not_yet_valid: [401, 'not_yet_valid'],
  issued_in_future: [401, 'issued_in_future'],
  invalid_signature: [401, 'invalid_signature'],
  verifier_unavailable: [503, 'chain_unavailable'],
}

const walletPayloadSchema = z.looseObject({ status: z.string() })

const successPayloadSchema = z.object({
  status: z.literal('success'),
  message: z.string().check(z.minLength(1)),
  signature: z.string().check(z.minLength(1)),
  address: z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)),
  version: z.optional(z.number()),
})

function fail(
  status: number,
  error: ExchangeCustomTokenErrorCode,
  fields?: ExchangeCustomTokenField[],
): ExchangeCustomTokenResult {
  return { status, body: { error, message: messages[error], ...(fields ? { fields } : {}) } }
}

/**
 * `onRequestCustomToken` (GET, asia-southeast1), framework-free: trade a
 * World App wallet-auth payload for a Firebase custom token whose uid is the
 * checksummed wallet address. Never throws.
 *
 * Order matters: every check that can fail on the client's input runs
 * before the nonce is spent, so a bad request cannot burn someone's nonce,
 * and nothing is written on any rejection. The nonce is then spent exactly
 * once, so a captured payload cannot be replayed. Error bodies hold a code
 * and fixed text only — no nonce, signature, message or secret.
 *
 * | Step                  | Status | `error`                                                              |
 * | --------------------- | ------ | -------------------------------------------------------------------- |
 * | query shape           | 400    | `invalid_query` (missing/array/non-string field; `fields` lists them) |
 * | payload over 8 KiB    | 413    | `payload_too_large`                                                  |
 * | nonce shape           | 400    | `invalid_nonce` (not the contract's `nonceSchema`: a UUID without dashes) |
 * | payload JSON          | 400    | `invalid_payload_json`                                               |
 * | payload status        | 400    | `wallet_auth_failed` (the wallet replied with an error)              |
 * | payload shape         | 400    | `invalid_payload`                                                    |
 * | HMAC                  | 403    | `invalid_signed_nonce` (also the old bare-HMAC format, which has no issue time) |
 * | signed nonce age      | 401    | `nonce_expired` (issued > 10 min ago, or > 5 min ahead of our clock) |
 * | SIWE text             | 400    | `malformed_message`                                                  |
 * | origin binding        | 401    | `domain_mismatch`, `scheme_mismatch`, `uri_mismatch` (not one of `appOrigins`) |
 * | time window           | 401    | `device_clock_wrong` (`Issued At` > 12 h ahead or > 12 h 10 min ago: the phone's clock), `missing_expiration`, `expired`, `expiration_too_far` (> 7 days + 12 h) |
 * | SIWE checks           | 400/401 | `unsupported_version` (400); `address_mismatch`, `chain_mismatch`, `nonce_mismatch`, `statement_mismatch`, `request_id_mismatch`, `not_yet_valid`, `invalid_signature` (401) |
 * | chain unreachable     | 503    | `chain_unavailable` (the ERC-1271 call failed in transport: never a 4xx) |
 * | nonce already spent   | 409    | `nonce_already_used`                                                 |
 * | player being moved    | 503    | `player_moving` (a table switch's move, `Retry-After: 2`; the nonce is spent: sign in again) |
 * | our own failure       | 500    | `internal` (verifier crash, database or token minting; logged)       |
 * | success               | 200    | — (`{customToken}`)                                                  |
 *
 * The SIWE message must be for one of `appOrigins` (its domain the origin's
 * `host[:port]`, its URI that origin or under it — so a page elsewhere cannot
 * have the user sign in "to itself" with a nonce we signed), with statement
 * `Authenticate ({nonce}).`, chain 480, the same nonce, issued within the last
 * 10 minutes by a phone's clock up to 12 hours off, expiring within 7 days, and a signature by `payload.address`
 * (EOA, or ERC-1271 via `client` for World App's contract wallets). The
 * limits live in `signInLimits`.
 *
 * @example
 * ```ts
 * export const onRequestCustomToken = onRequest({ region: 'asia-southeast1' }, async (req, res) => {
 *   const result = await exchangeCustomToken(req.query, {
 *     secret: config.nonceSecret,
 *     appOrigins: config.appOrigins, // ['https://worldmap.app']
 *     spendNonce: (nonce) => spendNonceInDatabase(database, nonce, Date.now()),
 *     mintCustomToken: (uid) => getAuth().createCustomToken(uid),
 *     client: worldchainClient,
 *   })
 *   res.status(result.status).json(result.body)
 * })
 * ```
 */
export async function exchangeCustomToken(
  query: unknown,
  dependencies: ExchangeCustomTokenDependencies,
): Promise<ExchangeCustomTokenResult> {
  const logger = dependencies.logger ?? console
  // One reading of the clock for every time check of this request.
  const now = dependencies.now?.() ?? new Date()

  // 1. Query and payload, well formed.
  const request = readRequest(query)
  if (!request.ok) return request.result
  const { payload, nonce, signedNonce } = request.value
  // 2. The nonce was issued by us, recently.
  const nonceRejection = checkIssuedNonce(nonce, signedNonce, dependencies.secret, now)
  if (nonceRejection) return nonceRejection
  // 3. The message is for us, and fresh. Checked before the signature: these
  // need no network, and a stale or foreign message should never cost an RPC call.
  const messageRejection = checkMessageBinding(payload.message, dependencies.appOrigins, now, logger)
  if (messageRejection) return messageRejection
  // 4. The wallet signed this nonce.
  const signatureRejection = await checkSignature(payload, nonce, dependencies, now, logger)
  if (signatureRejection) return signatureRejection
  // 5.–7. Spend the nonce, admit, mint.
  return spendAdmitAndMint(nonce, getAddress(payload.address as Address), dependencies, logger)
}

/** A step's outcome: its value, or the rejection to answer with. */
type Checked<T> = { ok: true; value: T } | { ok: false; result: ExchangeCustomTokenResult }

type SuccessPayload = z.infer<typeof successPayloadSchema>

/** Step 1: each query field a single string (Express turns `?a=1&a=2` into an array), a bounded payload, a contract nonce, a success payload. */
function readRequest(query: unknown): Checked<{ payload: SuccessPayload; nonce: string; signedNonce: string }> {
  const rejected = (result: ExchangeCustomTokenResult) => ({ ok: false, result }) as const
  const queryResult = customTokenQuerySchema.safeParse(query)
  if (!queryResult.success) {
    const fields = [...new Set(queryResult.error.issues.map((issue) => issue.path[0]))].filter(
      (field): field is ExchangeCustomTokenField => field === 'payload' || field === 'nonce' || field === 'signedNonce',
    )
    return rejected(fail(400, 'invalid_query', fields.length ? fields : undefined))
  }
  const { payload: rawPayload, nonce, signedNonce } = queryResult.data
  if (Buffer.byteLength(rawPayload, 'utf8') > maxPayloadBytes) return rejected(fail(413, 'payload_too_large'))
  if (!nonceSchema.safeParse(nonce).success) return rejected(fail(400, 'invalid_nonce'))

  let json: unknown
  try {
    json = JSON.parse(rawPayload)
  } catch {
    return rejected(fail(400, 'invalid_payload_json'))
  }
  const walletResult = walletPayloadSchema.safeParse(json)
  if (walletResult.success && walletResult.data.status !== 'success') return rejected(fail(400, 'wallet_auth_failed'))
  const payloadResult = successPayloadSchema.safeParse(json)
  if (!payloadResult.success) return rejected(fail(400, 'invalid_payload'))
  return { ok: true, value: { payload: payloadResult.data, nonce, signedNonce } }
}

/** Step 2: the signed nonce is our HMAC over this nonce, and not too old. */
function checkIssuedNonce(nonce: string, signedNonce: string, secret: string, now: Date): ExchangeCustomTokenResult | undefined {
  const verified = verifySignedNonce(nonce, signedNonce, secret)
  if (!verified) return fail(403, 'invalid_signed_nonce')
  if (checkSignedNonceAge(verified.issuedAtMs, now.getTime())) return fail(401, 'nonce_expired')
  return undefined
}

/** Step 3: the text is SIWE, for one of the app's origins, inside the time window. */
function checkMessageBinding(
  text: string,
  appOrigins: readonly string[],
  now: Date,
  logger: Pick<Console, 'error'>,
): ExchangeCustomTokenResult | undefined {
  let message: SiweMessage
  try {
    message = parseSiweMessage(text)
  } catch (error) {
    if (error instanceof SiweVerificationError) return fail(...siweErrors[error.code])
    return internal(logger, 'parse', error)
  }
  const bindingError = checkSiweOrigin(message, appOrigins) ?? checkSiweTimeWindow(message, now.getTime())
  return bindingError ? fail(401, bindingError) : undefined
}

/** Step 4: statement, chain, the rest of SIWE's checks, the signature (ERC-1271 through the client). */
async function checkSignature(
  payload: SuccessPayload,
  nonce: string,
  dependencies: ExchangeCustomTokenDependencies,
  now: Date,
  logger: Pick<Console, 'error'>,
): Promise<ExchangeCustomTokenResult | undefined> {
  const verifySiwe = dependencies.verifySiwe ?? verifySiweMessage
  try {
    await verifySiwe({
      payload: { ...payload, status: 'success' },
      nonce,
      statement: signInStatement(nonce),
      chainId,
      now,
      // `checkMessageBinding` has bounded `Issued At` already, for a phone's clock hours off.
      maxIssuedAtSkewMs: signInLimits.deviceClockToleranceMs,
      ...(dependencies.client === undefined ? {} : { client: dependencies.client }),
    })
    return undefined
  } catch (error) {
    if (error instanceof SiweVerificationError) {
      const [status, code] = siweErrors[error.code] ?? [401, 'invalid_signature']
      // An outage is ours to notice (alerting), even though the caller gets a clean 503.
      if (status >= 500) logger.error('onRequestCustomToken failed', { stage: 'verify', error: code })
      return fail(status, code)
    }
    return internal(logger, 'verify', error)
  }
}

/** Steps 5–7: spend the nonce once, apply the crowd limit, mint the token. */
async function spendAdmitAndMint(
  nonce: string,
  uid: string,
  dependencies: ExchangeCustomTokenDependencies,
  logger: Pick<Console, 'error'>,
): Promise<ExchangeCustomTokenResult> {
  try {
    if (!(await dependencies.spendNonce(nonce))) return fail(409, 'nonce_already_used')
  } catch (error) {
    return internal(logger, 'spend_nonce', error)
  }

  // Wallets are free, so new ones per source address are counted.
  try {
    if (dependencies.admitSignIn && !(await dependencies.admitSignIn(uid))) return fail(429, 'too_many_sign_ins')
  } catch (error) {
    // A table switch's move of this player, over in a moment: the same wait the callables give, not a 500.
    if (error instanceof PlayerMovingError) {
      return { ...fail(503, 'player_moving'), headers: { 'retry-after': String(Math.ceil(PLAYER_MOVING_RETRY_MS / 1000)) } }
    }
    return internal(logger, 'admit_sign_in', error)
  }

  try {
    const customToken = await dependencies.mintCustomToken(uid)
    const generatedName = dependencies.generatedNameOf?.(uid)
    return { status: 200, body: generatedName ? { customToken, generatedName } : { customToken } }
  } catch (error) {
    return internal(logger, 'mint_custom_token', error)
  }
}

/** Log a failure of ours by stage and error name only: a foreign message could carry inputs or credentials. */
function internal(logger: Pick<Console, 'error'>, stage: string, error: unknown): ExchangeCustomTokenResult {
  logger.error('onRequestCustomToken failed', { stage, error: error instanceof Error ? error.name : typeof error })
  return fail(500, 'internal')
}
