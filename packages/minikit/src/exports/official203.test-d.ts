// Call sites written against official @worldcoin/minikit-js 2.0.3 compile
// unchanged against ours (only the import specifiers differ: `./index.js`
// stands for `@worldcoin/minikit-js`, `./commands.js` for its `/commands`).
// The wallet commands (walletAuth, signMessage, signTypedData,
// sendTransaction) have their own call sites next to their adapters.
import { expectTypeOf, test } from 'vitest'
import type {
  CloseMiniAppResult,
  CommandResultByVia,
  Contact,
  MiniAppAttestationSuccessPayload,
  MiniKitChatOptions,
  MiniKitPayOptions,
  MiniKitSendHapticFeedbackOptions,
  MiniKitShareContactsOptions,
  PayResult,
  PermissionSettings,
  ShareContactsResult,
  TokensPayload,
} from './commands.js'
import {
  AttestationError,
  ChatError,
  CommandUnavailableError,
  closeMiniApp,
  FallbackRequiredError,
  GetPermissionsError,
  getContacts,
  getPermissions,
  isInWorldApp,
  Network,
  PayError,
  PaymentErrorCodes,
  Permission,
  pay,
  RequestPermissionError,
  RequestPermissionErrorCodes,
  SendHapticFeedbackError,
  ShareContactsError,
  ShareError,
  sendHapticFeedback,
  shareContacts,
  Tokens,
  tokenToDecimals,
} from './commands.js'
import { MiniKit } from './index.js'

declare const requestHash: string
declare const card: File

test('default: MiniKit.<command>(input) of 2.0.3 resolves { executedWith, data }, narrowed by path', async () => {
  const payment = await MiniKit.pay({
    reference: crypto.randomUUID(),
    to: '0x2cFc85d8E48F8EAB294be644d9E25C3030863003',
    tokens: [{ symbol: Tokens.WLD, token_amount: tokenToDecimals(1, Tokens.WLD).toString() }],
    description: 'A golden map',
    network: Network.WorldChain,
  })
  if (payment.executedWith === 'minikit') {
    expectTypeOf(payment.data.transactionId).toEqualTypeOf<string>()
    expectTypeOf(payment.data.reference).toEqualTypeOf<string>()
  }

  const checkout = await MiniKit.pay({
    reference: 'order-1',
    to: 'alice',
    tokens: [{ symbol: Tokens.USDC, token_amount: '500000' }],
    description: 'Tip',
    fallback: async () => ({ checkoutUrl: 'https://pay.example/1' }),
  })
  if (checkout.executedWith === 'fallback') expectTypeOf(checkout.data.checkoutUrl).toEqualTypeOf<string>()
  else expectTypeOf(checkout.data.from).toEqualTypeOf<string>()

  const picked = await MiniKit.shareContacts({ isMultiSelectEnabled: true, inviteMessage: 'Join me' })
  if (picked.executedWith === 'minikit') expectTypeOf(picked.data.contacts[0]?.username).toEqualTypeOf<string | undefined>()
  expectTypeOf(MiniKit.shareContacts()).resolves.toHaveProperty('executedWith')

  const sent = await MiniKit.chat({ message: 'Meet at the mill?', to: ['alice'] })
  if (sent.executedWith === 'minikit') expectTypeOf(sent.data.count).toEqualTypeOf<number>()

  const shared = await MiniKit.share({ files: [card], title: 'My find', text: 'Look', url: 'https://worldmap.example' })
  if (shared.executedWith === 'minikit') expectTypeOf(shared.data.status).toEqualTypeOf<'success'>()

  const permissions = await MiniKit.getPermissions()
  if (permissions.executedWith === 'minikit') expectTypeOf(permissions.data.permissions).toHaveProperty('notifications')

  const granted = await MiniKit.requestPermission({ permission: Permission.Notifications })
  if (granted.executedWith === 'minikit') expectTypeOf(granted.data.permission).toBeString()

  await MiniKit.sendHapticFeedback({ hapticsType: 'impact', style: 'light' })
  await MiniKit.sendHapticFeedback({ hapticsType: 'selection-changed' })
  await MiniKit.sendHapticFeedback({ hapticsType: 'notification', style: 'success' })

  const attested = await MiniKit.attestation({ requestHash })
  if (attested.executedWith === 'minikit') expectTypeOf(attested.data.token).toEqualTypeOf<string>()

  const closed = await MiniKit.closeMiniApp()
  if (closed.executedWith === 'minikit') expectTypeOf(closed.data).toEqualTypeOf<{ status: 'success'; version: number }>()
  await MiniKit.closeMiniApp({ fallback: () => window.close() })
})

test('default: the ./commands functions of 2.0.3 take the same input', async () => {
  expectTypeOf(isInWorldApp()).toBeBoolean()
  const { executedWith } = await pay({ reference: 'r', to: 'alice', tokens: [], description: 'd' })
  expectTypeOf(executedWith).toEqualTypeOf<'minikit' | 'fallback'>()
  expectTypeOf(getContacts).toEqualTypeOf(shareContacts)
  await getPermissions({ fallback: () => ({ notifications: false }) })
  await sendHapticFeedback({ hapticsType: 'impact', style: 'heavy', fallback: () => navigator.vibrate(50) })
  await closeMiniApp()
})

test('default: 2.0.3 error handling (instanceof, the official fields)', async () => {
  try {
    await MiniKit.pay({ reference: 'r', to: 'alice', tokens: [], description: 'd' })
  } catch (error) {
    if (error instanceof PayError) {
      expectTypeOf(error.code).toEqualTypeOf<string>()
      if (error.code === PaymentErrorCodes.InsufficientBalance) expectTypeOf(error.message).toBeString()
    }
    if (error instanceof ShareContactsError) expectTypeOf(error.code).toEqualTypeOf<string>()
    if (error instanceof ChatError || error instanceof ShareError || error instanceof AttestationError)
      expectTypeOf(error.error_code).toEqualTypeOf<string>()
    if (error instanceof GetPermissionsError || error instanceof SendHapticFeedbackError)
      expectTypeOf(error.error_code).toBeString()
    if (error instanceof RequestPermissionError && error.error_code === RequestPermissionErrorCodes.AlreadyGranted) return
    if (error instanceof CommandUnavailableError) {
      expectTypeOf(error.reason).toEqualTypeOf<'notInWorldApp' | 'commandNotSupported' | 'oldAppVersion' | undefined>()
    }
    if (error instanceof FallbackRequiredError) expectTypeOf(error.name).toBeString()
  }
})

test('default: 2.0.3 code that names the ./commands types', async () => {
  const tokens: TokensPayload[] = [{ symbol: Tokens.EURC, token_amount: '2000000' }]
  const options: MiniKitPayOptions = { reference: 'r', to: 'alice', tokens, description: 'd' }
  const paid: CommandResultByVia<PayResult, PayResult, 'minikit'> = await pay(options)
  expectTypeOf(paid.data.transactionId).toEqualTypeOf<string>()
  const picker: MiniKitShareContactsOptions<string[]> = { isMultiSelectEnabled: true, fallback: () => ['alice'] }
  const picked = await MiniKit.shareContacts(picker)
  if (picked.executedWith === 'minikit') expectTypeOf(picked.data).toEqualTypeOf<ShareContactsResult>()
  const first = (result: ShareContactsResult): Contact | undefined => result.contacts[0]
  expectTypeOf(first).returns.toEqualTypeOf<Contact | undefined>()
  expectTypeOf<Contact>().toHaveProperty('walletAddress')
  const chatOptions: MiniKitChatOptions = { message: 'hi' }
  await MiniKit.chat(chatOptions)
  const haptic: MiniKitSendHapticFeedbackOptions = { hapticsType: 'selection-changed' }
  await MiniKit.sendHapticFeedback(haptic)
  expectTypeOf<PermissionSettings>().toHaveProperty('notifications')
  expectTypeOf<MiniAppAttestationSuccessPayload['token']>().toEqualTypeOf<string>()
  expectTypeOf<CloseMiniAppResult>().toEqualTypeOf<{ status: 'success'; version: number }>()
})
