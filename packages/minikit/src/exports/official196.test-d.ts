// Call sites written against official @worldcoin/minikit-js 1.9.6 compile
// unchanged against our root entry (only the import specifier differs), but
// for the two server helpers that need viem: `verifySiweMessage` is imported
// from ./siwe and `getIsUserVerified` from ./address-book (as official 2.x).
import type { Chain, Client, Transport } from 'viem'
import { expectTypeOf, test } from 'vitest'
import { getIsUserVerified } from './addressBook.js'
import {
  MiniKit,
  PaymentErrorCodes,
  PaymentErrorMessage,
  PaymentValidationErrors,
  parseSiweMessage,
  SendTransactionErrorCodes,
  VerificationErrorCodes,
  VerificationErrorMessage,
  verifyCloudProof,
  WalletAuthErrorCodes,
  WalletAuthErrorMessage,
} from './index.js'
import { verifySiweMessage } from './siwe.js'

declare const payload: { status: 'success'; message: string; signature: string; address: string; version: number }
declare const client: Client<Transport, Chain | undefined>

test('default: server code of 1.9.6 (SIWE, cloud proof, address book)', () => {
  expectTypeOf(verifySiweMessage(payload, 'nonce-1234')).resolves.toMatchTypeOf<{
    isValid: boolean
    siweMessageData: { domain: string; nonce: string; request_id?: string }
  }>()
  expectTypeOf(verifySiweMessage(payload, 'nonce-1234', 'statement', 'req-1', client)).resolves.toHaveProperty('siweMessageData')
  expectTypeOf(parseSiweMessage('…').nonce).toEqualTypeOf<string>()
  expectTypeOf(getIsUserVerified('0x0000000000000000000000000000000000000001')).resolves.toEqualTypeOf<boolean>()
  expectTypeOf(getIsUserVerified('0x01', 'https://rpc.example')).resolves.toEqualTypeOf<boolean>()
  const proof = { proof: '0x', merkle_root: '0x', nullifier_hash: '0x', verification_level: 'orb' as const }
  expectTypeOf(verifyCloudProof(proof, 'app_123', 'vote', 'signal', undefined, { 'X-Trace': '1' })).resolves.toHaveProperty(
    'success',
  )
})

test('default: the error enums switch as in 1.9.6', () => {
  expectTypeOf(WalletAuthErrorCodes.UserRejected).toEqualTypeOf<'user_rejected'>()
  expectTypeOf(WalletAuthErrorMessage[WalletAuthErrorCodes.GenericError]).toBeString()
  expectTypeOf(PaymentErrorMessage[PaymentErrorCodes.InsufficientBalance]).toBeString()
  expectTypeOf(SendTransactionErrorCodes.DailyTxLimitReached).toEqualTypeOf<'daily_tx_limit_reached'>()
  expectTypeOf(VerificationErrorMessage[VerificationErrorCodes.VerificationRejected]).toBeString()
  expectTypeOf(PaymentValidationErrors.DuplicateReference).toBeString()
  const code = 'user_rejected' as WalletAuthErrorCodes
  expectTypeOf(code).toEqualTypeOf<'malformed_request' | 'user_rejected' | 'generic_error'>()
})

test('default: test setups of 1.9.6 assign MiniKit.user and MiniKit.appId', () => {
  MiniKit.user = {}
  MiniKit.appId = 'app_test'
  MiniKit.user = { walletAddress: '0x0000000000000000000000000000000000000001', username: 'alice' }
  expectTypeOf(MiniKit.isReady).toBeBoolean()
  expectTypeOf(MiniKit.MINIKIT_VERSION).toEqualTypeOf<number>()
})
