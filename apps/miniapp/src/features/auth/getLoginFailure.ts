import { LoginError, type LoginErrorCode } from './LoginError.js'

/**
 * Why a sign-in did not complete, as the login view explains it (the
 * sentence is the catalogue's `auth.failure.<failure>`). Coarser
 * than the spec's error codes on purpose: the player needs to know what to do
 * next, not which step failed (the console keeps the exact cause).
 */
export type LoginFailure =
  | 'cancelled'
  | 'wallet_refused'
  | 'no_wallet_response'
  | 'unreachable'
  | 'not_confirmed'
  | 'too_many_sign_ins'
  /** The phone's date or time is wrong: fixed in its settings, not by a better connection. */
  | 'clock_wrong'
  | 'unexpected'

const byLoginErrorCode: Readonly<Record<LoginErrorCode, LoginFailure>> = {
  sign_nonce_failed: 'unreachable',
  custom_token_request_failed: 'unreachable',
  no_wallet_response: 'no_wallet_response',
  custom_token_missing: 'not_confirmed',
  too_many_sign_ins: 'too_many_sign_ins',
  device_clock_wrong: 'clock_wrong',
  invalid_wallet_auth_input: 'unexpected',
  no_current_url: 'unexpected',
}

// Firebase Auth errors carry `code: 'auth/…'`; read structurally so the login
// view does not import the Firebase SDK (it stays out of the first load).
const firebaseCodeOf = (error: unknown) => {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && code.startsWith('auth/') ? code : undefined
}

/**
 * Classify how a login attempt failed: a wallet reply's `error_code` (the
 * attempt resolved `rejected`) or what it threw (a {@link LoginError}, a
 * Firebase Auth error, anything else).
 *
 * @example
 * ```ts
 * getLoginFailure({ walletErrorCode: 'user_rejected' }) // 'cancelled'
 * getLoginFailure({ error: new LoginError('sign_nonce_failed') }) // 'unreachable'
 * t(`auth.failure.${getLoginFailure({ error })}`) // "We couldn't reach WorldMap. …"
 * ```
 */
export function getLoginFailure(outcome: { walletErrorCode: string } | { error: unknown }): LoginFailure {
  if ('walletErrorCode' in outcome) return outcome.walletErrorCode === 'user_rejected' ? 'cancelled' : 'wallet_refused'
  const { error } = outcome
  if (error instanceof LoginError) return byLoginErrorCode[error.code]
  const firebaseCode = firebaseCodeOf(error)
  if (firebaseCode === 'auth/network-request-failed') return 'unreachable'
  // The backend refused the token or the account (invalid, expired, disabled…).
  if (firebaseCode) return 'not_confirmed'
  // fetch() rejects with a TypeError when the network is down.
  if (error instanceof TypeError && /fetch|network|load failed/i.test(error.message)) return 'unreachable'
  return 'unexpected'
}
