import { expectTypeOf, test } from 'vitest'
import {
  type CommandOptions,
  type InstallResult,
  install,
  MiniKit,
  type PayInput,
  type PayResult,
  pay,
  type SignTypedDataPayload,
  signTypedData,
  tokenToDecimals,
  type VerifyResult,
  verify,
  type WalletAuthResult,
  walletAuth,
} from './index.js'

test('install returns a discriminated result', () => {
  expectTypeOf(install).returns.toEqualTypeOf<InstallResult>()
  const result = install()
  if (!result.success) {
    expectTypeOf(result.errorCode).toEqualTypeOf<
      'unknown' | 'already_installed' | 'outside_of_worldapp' | 'not_on_client' | 'app_out_of_date'
    >()
  }
})

test('commands take typed input and options, and resolve the host payload', () => {
  expectTypeOf(walletAuth).parameter(0).toHaveProperty('nonce').toEqualTypeOf<string>()
  expectTypeOf(walletAuth).parameter(1).toEqualTypeOf<CommandOptions | undefined>()
  expectTypeOf(walletAuth).returns.resolves.toEqualTypeOf<WalletAuthResult>()
  expectTypeOf(pay).parameter(0).toEqualTypeOf<PayInput>()
  expectTypeOf(pay).returns.resolves.toEqualTypeOf<PayResult>()
  expectTypeOf(verify).returns.resolves.toEqualTypeOf<VerifyResult>()
  expectTypeOf(signTypedData).returns.resolves.toHaveProperty('status')
  expectTypeOf<SignTypedDataPayload['chainId']>().toEqualTypeOf<number>()
})

test('replies narrow on status', async () => {
  const result = await walletAuth({ nonce: 'abcdefgh' })
  if (result.status === 'success') {
    expectTypeOf(result.address).toEqualTypeOf<string>()
    expectTypeOf(result.signature).toEqualTypeOf<string>()
  } else {
    expectTypeOf(result.error_code).toEqualTypeOf<string>()
  }
})

test('money helpers return exact decimal strings', () => {
  expectTypeOf(tokenToDecimals).returns.toEqualTypeOf<string>()
})

test('facade keeps the 1.9.x shapes', async () => {
  expectTypeOf(MiniKit.commands.signMessage).returns.toEqualTypeOf<{ message: string } | null>()
  const { commandPayload, finalPayload } = await MiniKit.commandsAsync.pay({
    reference: 'r',
    to: '0x0',
    tokens: [],
    description: 'd',
  })
  expectTypeOf(commandPayload.network).toEqualTypeOf<'worldchain'>()
  expectTypeOf(finalPayload).toEqualTypeOf<PayResult>()
  expectTypeOf(MiniKit.commands.getPermissions).returns.toEqualTypeOf<{ status: 'sent' } | null>()
})
