import { expectTypeOf, test } from 'vitest'
import {
  type BaseError,
  type CommandAbortedErrorType,
  type CommandOptions,
  type CommandTimeoutErrorType,
  type CommandUnavailableErrorType,
  type CurrentUrlUnavailableErrorType,
  type ErrorType,
  type GetPermissionsErrorType,
  type HostUnavailableErrorType,
  type InstallResult,
  type InvalidPayloadErrorType,
  install,
  type MalformedReplyErrorType,
  MiniKit,
  type PayErrorType,
  type PayInput,
  type PayResult,
  pay,
  type ShareErrorType,
  type SignTypedDataPayload,
  signTypedData,
  tokenToDecimals,
  type UsernamesServiceErrorType,
  type VerifyResult,
  verify,
  type WalletAuthErrorType,
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

test('error types: each command union holds exactly its errors, wagmi style', () => {
  expectTypeOf<CommandUnavailableErrorType>().toExtend<WalletAuthErrorType>()
  expectTypeOf<InvalidPayloadErrorType>().toExtend<WalletAuthErrorType>()
  expectTypeOf<CurrentUrlUnavailableErrorType>().toExtend<WalletAuthErrorType>()
  expectTypeOf<HostUnavailableErrorType>().toExtend<WalletAuthErrorType>()
  expectTypeOf<CommandTimeoutErrorType>().toExtend<WalletAuthErrorType>()
  expectTypeOf<CommandAbortedErrorType>().toExtend<WalletAuthErrorType>()
  expectTypeOf<MalformedReplyErrorType>().toExtend<WalletAuthErrorType>()
  expectTypeOf<ErrorType>().toExtend<WalletAuthErrorType>()
  // walletAuth is the only command that reads the page URL; getPermissions takes no input.
  expectTypeOf<CurrentUrlUnavailableErrorType>().not.toExtend<PayErrorType>()
  expectTypeOf<InvalidPayloadErrorType>().toExtend<PayErrorType>()
  expectTypeOf<InvalidPayloadErrorType>().not.toExtend<GetPermissionsErrorType>()
  expectTypeOf<CommandUnavailableErrorType>().toExtend<GetPermissionsErrorType>()
  expectTypeOf<InvalidPayloadErrorType>().toExtend<ShareErrorType>()
  // An error no command throws is not in any union.
  expectTypeOf<UsernamesServiceErrorType>().not.toExtend<WalletAuthErrorType>()
  expectTypeOf<UsernamesServiceErrorType>().not.toExtend<ShareErrorType>()
})

test('error types: a switch on name narrows to the class and its fields', () => {
  const error = {} as WalletAuthErrorType
  switch (error.name) {
    case 'CommandUnavailableError':
      expectTypeOf(error.methodName).toEqualTypeOf<string>()
      break
    case 'CommandTimeoutError':
      expectTypeOf(error.timeout).toEqualTypeOf<number>()
      break
    case 'CurrentUrlUnavailableError':
      expectTypeOf(error.command).toEqualTypeOf<string | undefined>()
      break
    case 'MalformedReplyError':
      expectTypeOf(error.event).toEqualTypeOf<string>()
      break
    case 'Error':
      expectTypeOf(error).toEqualTypeOf<ErrorType>()
      break
  }
})

test("error types: walk() returns the deepest Error, or the predicate's type", () => {
  const error = {} as BaseError
  expectTypeOf(error.walk()).toEqualTypeOf<Error>()
  expectTypeOf(error.walk((e) => e.name === 'TypeError')).toEqualTypeOf<Error | null>()
  expectTypeOf(error.walk((e): e is TypeError => e instanceof TypeError)).toEqualTypeOf<TypeError | null>()
})
