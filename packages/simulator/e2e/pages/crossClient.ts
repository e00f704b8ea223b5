// One test page, bundled twice: once against the official toolkit and once
// against @worldmap/minikit (esbuild aliases `minikit-under-test`). Both run
// the same calls through the MiniKit facade, which is the drop-in promise.
import { MiniKit, Tokens, tokenToDecimals } from 'minikit-under-test'

const NONCE = 'e2ecrossclient0001'

async function run(): Promise<Record<string, unknown>> {
  const install = MiniKit.install('app_staging_worldmap_e2e')
  const results: Record<string, unknown> = { install }
  const asyncCommands = MiniKit.commandsAsync
  results.walletAuth = (
    await asyncCommands.walletAuth({
      nonce: NONCE,
      statement: `Authenticate (${NONCE}).`,
      expirationTime: new Date(Date.now() + 7 * 24 * 3600 * 1000),
      notBefore: new Date(Date.now() - 24 * 3600 * 1000),
    })
  ).finalPayload
  results.signMessage = (await asyncCommands.signMessage({ message: 'hello from the e2e page' })).finalPayload
  results.signTypedData = (
    await asyncCommands.signTypedData({
      types: {
        Drop: [
          { name: 'id', type: 'string' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Drop',
      message: { id: 'drop-1', amount: '42' },
      domain: { name: 'WorldMap', version: '1', chainId: 480 },
    } as never)
  ).finalPayload
  results.pay = (
    await asyncCommands.pay({
      reference: 'e2e-reference-1',
      to: '0x2222222222222222222222222222222222222222',
      tokens: [{ symbol: Tokens.USDC, token_amount: String(tokenToDecimals(0.5, Tokens.USDC)) }],
      description: 'e2e payment',
    } as never)
  ).finalPayload
  results.verify = (await asyncCommands.verify({ action: 'collect-drops', signal: 'e2e-signal' } as never)).finalPayload
  results.getPermissions = (await asyncCommands.getPermissions()).finalPayload
  results.sendHapticFeedback = (
    await asyncCommands.sendHapticFeedback({ hapticsType: 'notification', style: 'success' } as never)
  ).finalPayload
  return results
}

;(window as unknown as { runCommands: typeof run }).runCommands = run
