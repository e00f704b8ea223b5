import fc from 'fast-check'
import { expect, test } from 'vitest'
import { en } from '../../lib/i18n/catalogues/en/index.js'
import { getLoginFailure, type LoginFailure } from './getLoginFailure.js'
import { LoginError, type LoginErrorCode } from './LoginError.js'

test.each([
  ['user_rejected', 'cancelled'],
  ['malformed_request', 'wallet_refused'],
  ['generic_error', 'wallet_refused'],
  ['a_code_from_a_future_host', 'wallet_refused'],
])('default: wallet reply %s → %s', (walletErrorCode, failure) => {
  expect(getLoginFailure({ walletErrorCode })).toBe(failure)
})

test.each<[LoginErrorCode, string]>([
  ['sign_nonce_failed', 'unreachable'],
  ['custom_token_request_failed', 'unreachable'],
  ['no_wallet_response', 'no_wallet_response'],
  ['custom_token_missing', 'not_confirmed'],
  ['invalid_wallet_auth_input', 'unexpected'],
  ['no_current_url', 'unexpected'],
  ['too_many_sign_ins', 'too_many_sign_ins'],
  ['device_clock_wrong', 'clock_wrong'],
])('default: LoginError %s → %s', (code, failure) => {
  expect(getLoginFailure({ error: new LoginError(code) })).toBe(failure)
})

test.each([
  ['Firebase offline', Object.assign(new Error('x'), { code: 'auth/network-request-failed' }), 'unreachable'],
  ['Firebase refusing the token', Object.assign(new Error('x'), { code: 'auth/invalid-custom-token' }), 'not_confirmed'],
  ['a chunk that failed to load', new TypeError('Failed to fetch dynamically imported module'), 'unreachable'],
  ['a non-auth code', Object.assign(new Error('x'), { code: 'functions/internal' }), 'unexpected'],
  ['a thrown string', 'boom', 'unexpected'],
  ['null', null, 'unexpected'],
])('behavior: %s → %s', (_, error, failure) => {
  expect(getLoginFailure({ error })).toBe(failure)
})

const FAILURES: LoginFailure[] = [
  'cancelled',
  'clock_wrong',
  'no_wallet_response',
  'not_confirmed',
  'too_many_sign_ins',
  'unexpected',
  'unreachable',
  'wallet_refused',
]
const loginFailureMessages = Object.fromEntries(FAILURES.map((failure) => [failure, en[`auth.failure.${failure}`]]))

test('default: the sentences, exactly (English)', () => {
  expect(loginFailureMessages).toMatchInlineSnapshot(`
    {
      "cancelled": "You cancelled the sign-in.",
      "clock_wrong": "Your phone's date and time are wrong, so you can't sign in. In your phone's settings, set Date & Time to automatic, then try again.",
      "no_wallet_response": "World App didn't answer the sign-in request. Try again.",
      "not_confirmed": "WorldMap couldn't confirm your sign-in. Try again.",
      "too_many_sign_ins": "Too many new sign-ins from your network right now. Try again in a little while.",
      "unexpected": "Something went wrong while signing in. Try again.",
      "unreachable": "We couldn't reach WorldMap. Check your connection and try again.",
      "wallet_refused": "World App couldn't complete the sign-in. Try again.",
    }
  `)
})

test('property: any wallet error code or thrown value gets one of the sentences, never the code itself', () => {
  const code = fc.stringMatching(/^[a-z]+(_[a-z]+)+$/)
  fc.assert(
    fc.property(
      fc.oneof(
        code.map((walletErrorCode) => ({ walletErrorCode })),
        fc.anything().map((error) => ({ error })),
      ),
      (outcome) => {
        const message = loginFailureMessages[getLoginFailure(outcome)]
        expect(Object.values(loginFailureMessages)).toContain(message)
        if ('walletErrorCode' in outcome) expect(message).not.toContain(outcome.walletErrorCode)
        expect(message).not.toMatch(/[a-z]+_[a-z]+/)
      },
    ),
  )
})
