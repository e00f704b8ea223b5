import { CodedError, type CodedErrorOptions } from '../../lib/errors/CodedError.js'

/** Stable codes of {@link LoginError}, one per spec §8 message. */
export type LoginErrorCode =
  | 'sign_nonce_failed'
  | 'no_wallet_response'
  | 'invalid_wallet_auth_input'
  | 'no_current_url'
  | 'custom_token_request_failed'
  | 'custom_token_missing'
  /** Not in the spec: the server's crowd limit on new sign-ins per network (429 `too_many_sign_ins`). */
  | 'too_many_sign_ins'
  /**
   * Not in the spec: the phone's clock is further from the server's than a
   * sign-in allows (`CLOCK_SKEW_TOLERANCE_MS`), seen from the sign-nonce
   * reply or refused by `onRequestCustomToken` (401 `device_clock_wrong`).
   */
  | 'device_clock_wrong'

/** The spec's exact text for each code (spec §5, §8). */
export const loginErrorMessages: Record<LoginErrorCode, string> = {
  sign_nonce_failed: 'Failed to sign nonce',
  no_wallet_response: 'No response from wallet auth',
  invalid_wallet_auth_input: 'Failed to validate wallet auth input',
  no_current_url: 'Failed to get current URL',
  custom_token_request_failed: 'Failed to fetch custom token',
  custom_token_missing: 'Failed to retrieve custom token',
  too_many_sign_ins: 'Too many sign-ins from this network',
  device_clock_wrong: "The device's clock is too far from the server's to sign in",
}

/**
 * A step of the sign-in sequence failed. `message` is exactly the spec's
 * text; `cause` keeps the underlying error. Never carries the nonce, the
 * signed nonce or a token.
 *
 * @example
 * ```ts
 * throw new LoginError('sign_nonce_failed', { cause: response.status })
 * ```
 */
export class LoginError extends CodedError<LoginErrorCode> {
  override name = 'LoginError'

  constructor(code: LoginErrorCode, options?: CodedErrorOptions) {
    super(code, loginErrorMessages, options)
  }
}
