import type {
  CommandOptions,
  DeviceProperties,
  GetPermissionsResult,
  InstallResult,
  PayInput,
  PayResult,
  SafeAreaInsets,
  User,
  WalletAuthInput,
  WalletAuthResult,
} from '@worldmap/minikit'
import type { BridgeSession, BridgeSessionState, VerificationState } from '@worldmap/minikit/bridge'
import {
  type CommandStatus,
  createWorldChainClient,
  type ReceiptState,
  type WorldChainClient,
} from '@worldmap/minikit/transactions'
import type { Hash, TransactionReceipt } from 'viem'
import { expectTypeOf, test } from 'vitest'
import { useCommand } from './useCommand.js'
import { useGetPermissions } from './useGetPermissions.js'
import { useMiniKit } from './useMiniKit.js'
import { usePay } from './usePay.js'
import { useSafeAreaInsets } from './useSafeAreaInsets.js'
import { useSendHapticFeedback } from './useSendHapticFeedback.js'
import { useSupports } from './useSupports.js'
import { useUser } from './useUser.js'
import { useVerificationSession } from './useVerificationSession.js'
import { useWaitForTransactionReceipt } from './useWaitForTransactionReceipt.js'
import { useWalletAuth } from './useWalletAuth.js'

test('useMiniKit returns the toolkit state', () => {
  const kit = useMiniKit()
  expectTypeOf(kit.isInstalled).toEqualTypeOf<boolean>()
  expectTypeOf(kit.installResult).toEqualTypeOf<InstallResult | undefined>()
  expectTypeOf(kit.user).toEqualTypeOf<User>()
  expectTypeOf(kit.deviceProperties).toEqualTypeOf<DeviceProperties>()
  expectTypeOf(kit.appId).toEqualTypeOf<string | null>()
})

test('state hooks', () => {
  expectTypeOf(useUser()).toEqualTypeOf<User>()
  expectTypeOf(useSafeAreaInsets()).toEqualTypeOf<SafeAreaInsets>()
  expectTypeOf(useSupports)
    .parameter(0)
    .toEqualTypeOf<
      | 'verify'
      | 'pay'
      | 'wallet-auth'
      | 'send-transaction'
      | 'sign-message'
      | 'sign-typed-data'
      | 'share-contacts'
      | 'request-permission'
      | 'get-permissions'
      | 'send-haptic-feedback'
      | 'share'
      | 'chat'
      | 'attestation'
      | 'close-miniapp'
    >()
  expectTypeOf(useSupports('pay')).toEqualTypeOf<boolean>()
})

test('command hooks expose the command under its name and as execute, typed like the SDK function', () => {
  const auth = useWalletAuth()
  expectTypeOf(auth.status).toEqualTypeOf<CommandStatus>()
  expectTypeOf(auth.status).toEqualTypeOf<'idle' | 'pending' | 'success' | 'error'>()
  expectTypeOf(auth.data).toEqualTypeOf<WalletAuthResult | undefined>()
  expectTypeOf(auth.error).toEqualTypeOf<Error | null>()
  expectTypeOf(auth.isPending).toEqualTypeOf<boolean>()
  expectTypeOf(auth.reset).toEqualTypeOf<() => void>()
  expectTypeOf(auth.walletAuth).parameters.toEqualTypeOf<[input: WalletAuthInput, options?: CommandOptions]>()
  expectTypeOf(auth.walletAuth).returns.resolves.toEqualTypeOf<WalletAuthResult>()
  expectTypeOf(auth.execute).toEqualTypeOf(auth.walletAuth)

  const pay = usePay()
  expectTypeOf(pay.pay).parameter(0).toEqualTypeOf<PayInput>()
  expectTypeOf(pay.data).toEqualTypeOf<PayResult | undefined>()
  // @ts-expect-error each hook only has its own verb
  pay.walletAuth

  const permissions = useGetPermissions()
  expectTypeOf(permissions.getPermissions).parameters.toEqualTypeOf<[options?: CommandOptions]>()
  expectTypeOf(permissions.getPermissions).returns.resolves.toEqualTypeOf<GetPermissionsResult>()

  const haptics = useSendHapticFeedback()
  // @ts-expect-error input is checked against the SDK's type
  haptics.sendHapticFeedback({ hapticsType: 'buzz' })
})

test('data narrows on the host reply status', () => {
  const { data } = useWalletAuth()
  if (data?.status === 'success') expectTypeOf(data.address).toEqualTypeOf<string>()
  if (data?.status === 'error') expectTypeOf(data.error_code).toEqualTypeOf<string>()
})

test('useCommand infers arguments and result; the name becomes a key', () => {
  const plain = useCommand(async (id: number, label?: string) => ({ id, label }))
  expectTypeOf(plain.execute).parameters.toEqualTypeOf<[id: number, label?: string]>()
  expectTypeOf(plain.data).toEqualTypeOf<{ id: number; label: string | undefined } | undefined>()
  // @ts-expect-error no name, no alias
  plain.load

  const named = useCommand(async (id: number) => id, 'load')
  expectTypeOf(named.load).toEqualTypeOf<(id: number) => Promise<number>>()
})

test('useWaitForTransactionReceipt', () => {
  const receipt = useWaitForTransactionReceipt({ transactionId: 'tx', appId: 'app_1', client: createWorldChainClient() })
  expectTypeOf(receipt.transactionHash).toEqualTypeOf<Hash | undefined>()
  expectTypeOf(receipt.receipt).toEqualTypeOf<TransactionReceipt | undefined>()
  expectTypeOf(receipt.isLoading).toEqualTypeOf<boolean>()
  expectTypeOf(receipt.retry).toEqualTypeOf<() => void>()
  expectTypeOf(receipt).toMatchTypeOf<ReceiptState>()
  expectTypeOf(createWorldChainClient()).toEqualTypeOf<WorldChainClient>()
  expectTypeOf(createWorldChainClient().chain.id).toEqualTypeOf<480>()
  // @ts-expect-error hashes are 0x-prefixed
  useWaitForTransactionReceipt({ hash: 'abc' })
})

test('useVerificationSession spreads a BridgeSession’s state (the core’s types) and its actions', () => {
  const bridgeSession = {} as BridgeSession
  const session = useVerificationSession(bridgeSession)
  expectTypeOf(session.verificationState).toEqualTypeOf<VerificationState>()
  expectTypeOf(session.connectorURI).toEqualTypeOf<string | null>()
  expectTypeOf(session.createClient).toEqualTypeOf<BridgeSession['createClient']>()
  expectTypeOf(session.session).toEqualTypeOf<BridgeSession>()
  expectTypeOf(session).toMatchTypeOf<BridgeSessionState>()
})

test('useVerificationSession with a bridge config renders a BridgeSession', () => {
  const session = useVerificationSession({ app_id: 'app_123', action: 'collect-drop' })
  expectTypeOf(session.session).toEqualTypeOf<BridgeSession>()
  expectTypeOf(session.start).returns.resolves.toEqualTypeOf<BridgeSessionState>()
  expectTypeOf(session.error).toEqualTypeOf<BridgeSessionState['error']>()
  // @ts-expect-error app ids start with app_
  useVerificationSession({ app_id: 'nope', action: 'collect-drop' })
  // @ts-expect-error one thing only: no factory
  useVerificationSession(() => session.session)
  // @ts-expect-error no options (start() creates the request and polls)
  useVerificationSession(session.session, { autoStart: true })
})
