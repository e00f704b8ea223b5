// The sheets e2e page: one call per sheet through @worldmap/minikit, started
// by the test (window.sheetRun) so it can screenshot the sheet, then answer it
// from the keyboard. send-transaction 2 is posted as a raw wire message: this
// SDK speaks version 1; MiniKit 2.x clients send version 2.
import { MiniKit, Tokens, tokenToDecimals } from '@worldmap/minikit'
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { MINT_CALLDATA, NONCE, RECIPIENT, TYPED_DATA } from './crossClientRun.js'

const DAY = 86_400_000
// WLD on World Chain: a token the sheet reads ERC-20 calls of, in whole WLD.
const WLD_TOKEN = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const SPENDER = '0x00000000000000000000000000000000DeaDBeef'

/** A version 2 send-transaction, posted as MiniKit 2.x clients send it. */
function postCalldata(calls: { to: string; data: string }[]): Promise<undefined> {
  const message = {
    command: 'send-transaction',
    version: 2,
    payload: { transactions: calls.map((call) => ({ ...call, value: '0x0' })), chainId: 480 },
  }
  ;(window as unknown as { Android: { postMessage(json: string): void } }).Android.postMessage(JSON.stringify(message))
  return Promise.resolve(undefined)
}
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
  'send-transaction-v2': () => postCalldata([{ to: RECIPIENT, data: MINT_CALLDATA }]),
  'send-transaction-erc20': () =>
    postCalldata([
      {
        to: WLD_TOKEN,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, 12_500_000_000_000_000_000n] }),
      },
    ]),
  'send-transaction-unlimited-approval': () =>
    postCalldata([
      { to: WLD_TOKEN, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [SPENDER, maxUint256] }) },
      // Hostile calldata in the same batch: a transfer selector with a truncated body reads raw.
      { to: WLD_TOKEN, data: '0xa9059cbb0000' },
    ]),
  'share-contacts': () => final(commands.shareContacts({ isMultiSelectEnabled: true, inviteMessage: 'Map with me!' } as never)),
  'request-permission': () => final(commands.requestPermission({ permission: 'microphone' } as never)),
  'request-notifications': () => final(commands.requestPermission({ permission: 'notifications' } as never)),
  'get-permissions': () => final(commands.getPermissions()),
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
