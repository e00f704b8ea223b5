import { BaseError } from '@worldmap/game'
import type { RefusalOf, verifyHumanContract } from '@worldmap/game/contract'
import { verificationEn } from '../../lib/i18n/catalogues/en/verification.js'

/** Stable codes of {@link VerifyHumanError}. */
export type VerifyHumanErrorCode =
  /** World App answered the `verify` command with an error reply (`walletErrorCode` says which). */
  | 'wallet_error'
  /** The `verify` command could not run (outside World App, timed out…). */
  | 'command_failed'
  // The server's codes (`details.code` of the `verifyHuman` callable's HttpsError), `verifyHumanContract`'s refusals:
  | RefusalOf<typeof verifyHumanContract>
  // The client's own:
  | 'network'
  | 'unknown'

type VerificationKey = keyof typeof verificationEn

// World App's verification error codes (the spec's) that have words of their own.
const WALLET_CODES_WITH_WORDS = new Set([
  'verification_rejected',
  'max_verifications_reached',
  'credential_unavailable',
  'connection_failed',
  'inclusion_proof_pending',
])

/**
 * The catalogue key of what the player is told: the server's or client's
 * code, World App's own code when it has words, else `wallet_error`'s
 * fallback (`generic_error`, codes newer than the app…).
 */
function messageKeyFor(code: VerifyHumanErrorCode, walletErrorCode: string | undefined): VerificationKey {
  if (code === 'wallet_error' && walletErrorCode !== undefined && WALLET_CODES_WITH_WORDS.has(walletErrorCode)) {
    return `verification.error.${walletErrorCode}` as VerificationKey
  }
  return `verification.error.${code}`
}

/**
 * Verifying as a human failed: in World App (`wallet_error`, with the
 * reply's `walletErrorCode`), before it could start (`command_failed`, with
 * the SDK's `reason`) or at the server (its stable code). `messageKey` is the
 * catalogue key of the sentence the player reads, `message` its English (for
 * logs): always a plain sentence; codes and SDK text stay on `code`,
 * `walletErrorCode` and `reason`, for logic and logs.
 *
 * @example
 * ```ts
 * throw new VerifyHumanError('wallet_error', { walletErrorCode: 'verification_rejected' })
 * ```
 */
export class VerifyHumanError extends BaseError {
  override name = 'VerifyHumanError'
  override readonly code: VerifyHumanErrorCode
  /** World App's `error_code`, for `wallet_error`. */
  readonly walletErrorCode: string | undefined
  /** Why the command could not run (the SDK's text), for `command_failed`; for logs only. */
  readonly reason: string | undefined
  /** The catalogue key of what the player is told (`t(error.messageKey)`). */
  readonly messageKey: VerificationKey

  constructor(code: VerifyHumanErrorCode, options: { walletErrorCode?: string; reason?: string; cause?: unknown } = {}) {
    const messageKey = messageKeyFor(code, options.walletErrorCode)
    super(verificationEn[messageKey], { cause: options.cause })
    this.messageKey = messageKey
    this.code = code
    this.walletErrorCode = options.walletErrorCode
    this.reason = options.reason
  }
}
