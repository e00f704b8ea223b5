import { BaseError } from '@worldmap/game'
import type { verifyHumanContract } from '@worldmap/game/contract'

/** Stable codes of {@link VerifyHumanError}. */
export type VerifyHumanErrorCode =
  /** World App answered the `verify` command with an error reply (`walletErrorCode` says which). */
  | 'wallet_error'
  /** The `verify` command could not run (outside World App, timed out…). */
  | 'command_failed'
  // The server's codes (`details.code` of the `verifyHuman` callable's HttpsError), as `verifyHumanContract` words them:
  | (typeof verifyHumanContract.refusals)[keyof typeof verifyHumanContract.refusals]
  // The client's own:
  | 'network'
  | 'unknown'

/** Readable text for the server's and client's codes. */
export const verifyHumanErrorMessages: Record<Exclude<VerifyHumanErrorCode, 'wallet_error' | 'command_failed'>, string> = {
  unauthenticated: 'Sign in again to verify.',
  invalid_proof_payload: 'World ID proof is malformed.',
  proof_rejected: 'World ID proof was rejected. Try again.',
  human_already_linked: 'This World ID already verified another account.',
  verifier_unavailable: 'World ID verification is unavailable right now. Try again later.',
  verify_rate_limited: 'Too many verification attempts right now. Try again in a little while.',
  network: 'No connection to the server. Try again.',
  unknown: 'Something went wrong. Try again.',
}

// The spec's verification error codes, in words.
const walletMessages: Record<string, string> = {
  verification_rejected: 'You declined the verification in World App.',
  max_verifications_reached: 'This World ID has been used for WorldMap as often as allowed.',
  credential_unavailable: 'Your World ID does not have the credential this needs.',
  connection_failed: 'World App could not connect. Try again.',
  inclusion_proof_pending: 'Your World ID is still being registered. Try again later.',
}

/**
 * Verifying as a human failed: in World App (`wallet_error`, with the
 * reply's `walletErrorCode`), before it could start (`command_failed`, with
 * the SDK's `reason`) or at the server (its stable code). `message` is the
 * text the profile shows, so it is always a plain sentence: codes and SDK
 * text stay on `code`, `walletErrorCode` and `reason`, for logic and logs.
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

  constructor(code: VerifyHumanErrorCode, options: { walletErrorCode?: string; reason?: string; cause?: unknown } = {}) {
    super(messageFor(code, options.walletErrorCode), { cause: options.cause })
    this.code = code
    this.walletErrorCode = options.walletErrorCode
    this.reason = options.reason
  }
}

/** For World App's error codes without words of their own (`generic_error`, new ones…). */
const walletErrorFallbackMessage = 'World App could not verify you. Try again.'

/** The SDK's reasons (outside World App, an old app version, a timeout) all come down to this. */
const commandFailedMessage = 'Verification could not start. Open WorldMap in World App and try again.'

function messageFor(code: VerifyHumanErrorCode, walletErrorCode: string | undefined): string {
  if (code === 'wallet_error') {
    // `Object.hasOwn`: a code like `toString` must not pick up Object.prototype.
    const known = walletErrorCode !== undefined && Object.hasOwn(walletMessages, walletErrorCode)
    return (known ? walletMessages[walletErrorCode] : undefined) ?? walletErrorFallbackMessage
  }
  if (code === 'command_failed') return commandFailedMessage
  return verifyHumanErrorMessages[code]
}
