// Official 2.0.3 call sites of `./siwe` and `./address-book` compile unchanged
// against ours: server code verifying what `MiniKit.walletAuth(…)` resolved
// with (a WalletAuthResult, no `status`) or a 1.x success payload.
import { expectTypeOf, test } from 'vitest'
import { getIsUserVerified } from './addressBook.js'
import { MiniKit } from './index.js'
import { parseSiweMessage, verifySiweMessage } from './siwe.js'

test('default: verifySiweMessage(payload, nonce, statement?, requestId?) with a 2.x result or a 1.x payload', async () => {
  const { data } = await MiniKit.walletAuth({ nonce: 'abcdefgh12' })
  const result = await verifySiweMessage(data, 'abcdefgh12')
  expectTypeOf(result.isValid).toEqualTypeOf<true>()
  expectTypeOf(result.siweMessageData.nonce).toBeString()
  const withEverything = await verifySiweMessage(data, 'abcdefgh12', 'Sign in', 'req-1')
  expectTypeOf(withEverything.siweMessageData.chain_id).toBeString()
  // The body a server receives: the fields as JSON, no status.
  const body = { address: '0x12', message: 'text', signature: '0xab', version: 2 }
  await verifySiweMessage(body, 'abcdefgh12')
  await verifySiweMessage({ status: 'success', ...body }, 'abcdefgh12')
})

test('default: parseSiweMessage(text) and getIsUserVerified(address, rpcUrl?)', async () => {
  expectTypeOf(parseSiweMessage('text').nonce).toBeString()
  expectTypeOf(await getIsUserVerified('0x12')).toEqualTypeOf<boolean>()
  expectTypeOf(await getIsUserVerified('0x12', 'https://worldchain-mainnet.g.alchemy.com/public')).toEqualTypeOf<boolean>()
})

test('error: an error reply is not a payload to verify', async () => {
  // @ts-expect-error status 'error' is not a sign-in
  await verifySiweMessage({ status: 'error', message: 'text', signature: '0xab', address: '0x12' }, 'abcdefgh12')
})
