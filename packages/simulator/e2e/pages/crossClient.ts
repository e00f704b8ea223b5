// One test page, bundled twice: against official @worldcoin/minikit-js 1.9.6
// and against @worldmap/minikit (esbuild aliases `minikit-under-test`). Both
// run the same calls through the 1.9.x MiniKit facade, the drop-in promise.
import { MiniKit, Tokens, tokenToDecimals } from 'minikit-under-test'
import { attempt, NONCE, RECIPIENT, type Results, SILENCE_MS, scenarios, TYPED_DATA } from './crossClientRun.js'

const final = async (pending: Promise<{ finalPayload: unknown }>) => (await pending).finalPayload
const commands = MiniKit.commandsAsync
const pay = () =>
  final(
    commands.pay({
      reference: 'e2e-reference-1',
      to: RECIPIENT,
      tokens: [{ symbol: Tokens.USDC, token_amount: String(tokenToDecimals(0.5, Tokens.USDC)) }],
      description: 'e2e payment',
    } as never),
  )
const signMessage = (message: string) => final(commands.signMessage({ message }))

async function run(): Promise<Results> {
  const install = await attempt(() => MiniKit.install('app_staging_worldmap_e2e'))
  const results: Results = { install }
  if (!install.ok || !(install.value as { success: boolean }).success) return results
  results['wallet-auth'] = await attempt(() =>
    final(
      commands.walletAuth({
        nonce: NONCE,
        statement: `Authenticate (${NONCE}).`,
        expirationTime: new Date(Date.now() + 7 * 24 * 3600 * 1000),
        notBefore: new Date(Date.now() - 24 * 3600 * 1000),
      }),
    ),
  )
  results['sign-message'] = await attempt(() => signMessage('hello from the e2e page'))
  results['sign-typed-data'] = await attempt(() => final(commands.signTypedData(TYPED_DATA as never)))
  results.pay = await attempt(pay)
  // 1.9.6 compresses Orb proofs through a World Chain RPC first; offline, viem's retries take a few seconds to
  // give up, and eight pages run at once: on a loaded CI machine that passed 10 s, and the table recorded a miss
  // that was only the load. This records an outcome, not a timing.
  results.verify = await attempt(() => final(commands.verify({ action: 'collect-drops', signal: 'e2e-signal' } as never)), 30_000)
  results['send-transaction'] = await attempt(() =>
    final(
      commands.sendTransaction({
        transaction: [
          {
            address: RECIPIENT,
            abi: [
              {
                type: 'function',
                name: 'mint',
                stateMutability: 'nonpayable',
                inputs: [{ name: 'id', type: 'uint256' }],
                outputs: [],
              },
            ],
            functionName: 'mint',
            args: ['1'],
          },
        ],
      } as never),
    ),
  )
  results['share-contacts'] = await attempt(() => final(commands.shareContacts({ isMultiSelectEnabled: true } as never)))
  results['request-permission'] = await attempt(() => final(commands.requestPermission({ permission: 'notifications' } as never)))
  results['get-permissions'] = await attempt(() => final(commands.getPermissions()))
  results['send-haptic-feedback'] = await attempt(() =>
    final(commands.sendHapticFeedback({ hapticsType: 'notification', style: 'success' } as never)),
  )
  // Official 1.9.6's never answers: waited for only SILENCE_MS.
  results.share = await attempt(
    () => final(commands.share({ title: 'WorldMap', text: 'A find', url: 'https://example.com/find' })),
    SILENCE_MS,
  )
  // The 1.9.9-1.11 additions: ours has them on the 1.x facade, official 1.9.6 does not.
  if (typeof commands.chat === 'function') {
    results.attestation = await attempt(() =>
      final(commands.attestation({ requestHash: '0x4f6c3b3c2a1d0e9f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f' })),
    )
    results.chat = await attempt(() =>
      final(commands.chat({ message: 'Found a golden compass!', to: ['ana.world', 'ben.world'] })),
    )
  }
  const scripted = await scenarios(pay, signMessage)
  // Last: after it, World App would be gone.
  if (typeof MiniKit.commands.closeMiniApp === 'function') {
    results['close-miniapp'] = await attempt(() => MiniKit.commands.closeMiniApp())
  }
  return { ...results, ...scripted }
}

;(window as unknown as { runCommands: typeof run }).runCommands = run
;(window as unknown as { installOnly(): unknown }).installOnly = () => MiniKit.install('app_staging_worldmap_e2e')
