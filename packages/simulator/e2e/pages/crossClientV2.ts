// The same calls through the 2.x API, whose shape is another:
// `await MiniKit.<command>()` resolves `{ executedWith, data }` and throws on
// an error reply. It also brings the commands 1.9.x lacks (attestation, chat,
// closeMiniApp), send-transaction version 2 and an EIP-1193 provider, all of
// which the simulator must answer. Written for official @worldcoin/minikit-js
// 2.0.3 (it typechecks against it), and bundled twice: against it and, with
// only the import specifier aliased, against @worldmap/minikit — the
// migration a 2.x team makes.
import { getWorldAppProvider, MiniKit } from 'minikit-under-test-v2'
import { Tokens, tokenToDecimals } from 'minikit-under-test-v2/commands'
import { attempt, MINT_CALLDATA, NONCE, RECIPIENT, type Results, scenarios, TYPED_DATA } from './crossClientRun.js'

type Answer = { executedWith: string; data: unknown }
// What the command resolved with, and which path ran it: it must be World App's, never a fallback.
const data = async (pending: Promise<Answer>) => {
  const answer = await pending
  if (answer.executedWith !== 'minikit') throw new Error(`executed with ${answer.executedWith}`)
  return answer.data
}
const pay = () =>
  data(
    MiniKit.pay({
      reference: 'e2e-reference-1',
      to: RECIPIENT,
      tokens: [{ symbol: Tokens.USDC, token_amount: String(tokenToDecimals(0.5, Tokens.USDC)) }],
      description: 'e2e payment',
    }),
  )
const signMessage = (message: string) => data(MiniKit.signMessage({ message }))

async function run(): Promise<Results> {
  const install = await attempt(() => MiniKit.install('app_staging_worldmap_e2e'))
  const results: Results = { install }
  if (!install.ok || !(install.value as { success: boolean }).success) return results
  results['wallet-auth'] = await attempt(() =>
    data(
      MiniKit.walletAuth({
        nonce: NONCE,
        statement: `Authenticate (${NONCE}).`,
        expirationTime: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        notBefore: new Date(Date.now() - 24 * 3600 * 1000),
      }),
    ),
  )
  results['sign-message'] = await attempt(() => signMessage('hello from the e2e page'))
  results['sign-typed-data'] = await attempt(() => data(MiniKit.signTypedData(TYPED_DATA as never)))
  results.pay = await attempt(pay)
  results['send-transaction'] = await attempt(() =>
    data(MiniKit.sendTransaction({ chainId: 480, transactions: [{ to: RECIPIENT, data: MINT_CALLDATA, value: '0x0' }] })),
  )
  results['share-contacts'] = await attempt(() => data(MiniKit.shareContacts({ isMultiSelectEnabled: true })))
  results['request-permission'] = await attempt(() => data(MiniKit.requestPermission({ permission: 'notifications' } as never)))
  results['get-permissions'] = await attempt(() => data(MiniKit.getPermissions()))
  results['send-haptic-feedback'] = await attempt(() =>
    data(MiniKit.sendHapticFeedback({ hapticsType: 'notification', style: 'success' })),
  )
  results.share = await attempt(() => data(MiniKit.share({ title: 'WorldMap', text: 'A find', url: 'https://example.com/find' })))
  results.attestation = await attempt(() =>
    data(MiniKit.attestation({ requestHash: '0x4f6c3b3c2a1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f' })),
  )
  results.chat = await attempt(() => data(MiniKit.chat({ message: 'Found a golden compass!', to: ['ana.world', 'ben.world'] })))
  const provider = getWorldAppProvider()
  results.provider = await attempt(async () => {
    const [account] = (await provider.request({ method: 'eth_requestAccounts' })) as string[]
    const signature = await provider.request({ method: 'personal_sign', params: ['0x6869', account] })
    const userOpHash = await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: account, to: RECIPIENT, data: MINT_CALLDATA, value: '0x0' }],
    })
    return { account, signature, userOpHash }
  })
  const scripted = await scenarios(pay, signMessage)
  // Last: after it, World App would be gone.
  results['close-miniapp'] = await attempt(() => data(MiniKit.closeMiniApp()))
  return { ...results, ...scripted }
}

;(window as unknown as { runCommands: typeof run }).runCommands = run
;(window as unknown as { installOnly(): unknown }).installOnly = () => MiniKit.install('app_staging_worldmap_e2e')
