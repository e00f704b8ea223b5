// The sheets e2e page: one call per sheet through @worldmap/minikit, started
// by the test (window.sheetRun) so it can screenshot the sheet, then answer it
// from the keyboard. send-transaction 2 is posted as a raw wire message: this
// SDK speaks version 1; MiniKit 2.x clients send version 2.
import { MiniKit, Tokens, tokenToDecimals } from '@worldmap/minikit'
import { MINT_CALLDATA, NONCE, RECIPIENT, TYPED_DATA } from './crossClientRun.js'

const DAY = 86_400_000
const commands = MiniKit.commandsAsync
const final = async (pending: Promise<{ finalPayload: unknown }>) => (await pending).finalPayload

async function pngFile(): Promise<File> {
  const canvas = document.createElement('canvas')
  canvas.width = 96
  canvas.height = 96
  const context = canvas.getContext('2d') as CanvasRenderingContext2D
  context.fillStyle = '#16a34a'
  context.fillRect(0, 0, 96, 96)
  context.fillStyle = '#fde047'
  context.beginPath()
  context.arc(48, 48, 28, 0, Math.PI * 2)
  context.fill()
  const blob = await new Promise<Blob>((resolve) => canvas.toBlob((value) => resolve(value as Blob), 'image/png'))
  return new File([blob], 'golden-find.png', { type: 'image/png' })
}

const runs: Record<string, () => Promise<unknown>> = {
  'wallet-auth': () =>
    final(
      commands.walletAuth({
        nonce: NONCE,
        statement: 'Sign in to WorldMap to keep your finds.',
        // The SDK allows at most 7 days.
        expirationTime: new Date(Date.now() + 7 * DAY - 60_000),
        notBefore: new Date(Date.now() - DAY - 60_000),
      }),
    ),
  'sign-message': () => final(commands.signMessage({ message: 'I found the golden map at Marina Bay.' })),
  'sign-typed-data': () => final(commands.signTypedData(TYPED_DATA as never)),
  pay: () =>
    final(
      commands.pay({
        reference: 'sheet-e2e-1',
        to: RECIPIENT,
        tokens: [
          { symbol: Tokens.WLD, token_amount: tokenToDecimals(1.5, Tokens.WLD) },
          { symbol: Tokens.USDC, token_amount: tokenToDecimals(0.25, Tokens.USDC) },
          // A token World App added with the 2.x toolkit.
          { symbol: 'EURC', token_amount: tokenToDecimals(2, 'EURC' as never) },
        ],
        description: 'Unlock the golden map',
      } as never),
    ),
  verify: () => final(commands.verify({ action: 'collect-drops', signal: 'drop-1', verification_level: 'device' } as never)),
  'send-transaction': () =>
    final(
      commands.sendTransaction({
        transaction: [
          {
            address: RECIPIENT,
            abi: [
              {
                type: 'function',
                name: 'mint',
                stateMutability: 'payable',
                inputs: [{ name: 'id', type: 'uint256' }],
                outputs: [],
              },
            ],
            functionName: 'mint',
            args: ['1'],
            value: '0x16345785d8a0000',
          },
        ],
      } as never),
    ),
  'send-transaction-v2': async () => {
    const message = {
      command: 'send-transaction',
      version: 2,
      payload: { transactions: [{ to: RECIPIENT, data: MINT_CALLDATA, value: '0x0' }], chainId: 480 },
    }
    ;(window as unknown as { Android: { postMessage(json: string): void } }).Android.postMessage(JSON.stringify(message))
    return undefined
  },
  'share-contacts': () => final(commands.shareContacts({ isMultiSelectEnabled: true, inviteMessage: 'Map with me!' } as never)),
  'request-permission': () => final(commands.requestPermission({ permission: 'microphone' } as never)),
  share: async () =>
    final(
      commands.share({
        title: 'WorldMap',
        text: 'I found a golden map drop near Marina Bay!',
        url: 'https://worldmap.example/find/42',
        files: [await pngFile()],
      } as never),
    ),
}

const page = window as unknown as { sheetRun(name: string): Promise<unknown>; sheetReady: boolean }
page.sheetRun = (name) => {
  const run = runs[name]
  if (!run) return Promise.reject(new Error(`no run named ${name}`))
  return run()
}
page.sheetReady = MiniKit.install('app_staging_worldmap_e2e').success
