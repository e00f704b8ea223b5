// The simulator's demo: one button per command; each row shows the wire
// message the SDK sent and the reply the simulated host gave.
import {
  getPermissions,
  install,
  pay,
  requestPermission,
  sendHapticFeedback,
  sendTransaction,
  share,
  shareContacts,
  signMessage,
  signTypedData,
  Tokens,
  tokenToDecimals,
  verify,
  walletAuth,
} from '@worldmap/minikit'

type Simulated = {
  received: Array<{ command: string; version?: number; payload: unknown }>
  replies: Array<{ event: string; payload: unknown }>
}
const simulator = () => (window as unknown as { worldmapSimulator: Simulated }).worldmapSimulator

const nonce = () => crypto.randomUUID().replaceAll('-', '')
const commands: Array<[string, () => Promise<unknown>]> = [
  [
    'walletAuth',
    () =>
      walletAuth({ nonce: nonce(), statement: 'Sign in to the simulator demo', expirationTime: new Date(Date.now() + 3600_000) }),
  ],
  ['verify', () => verify({ action: 'demo-action', signal: 'demo-signal' })],
  [
    'pay',
    () =>
      pay({
        reference: crypto.randomUUID(),
        to: '0x2222222222222222222222222222222222222222',
        tokens: [{ symbol: Tokens.WLD, token_amount: tokenToDecimals(1.5, Tokens.WLD) }],
        description: 'Demo payment',
      }),
  ],
  [
    'sendTransaction',
    () =>
      sendTransaction({
        transaction: [
          {
            address: '0x3333333333333333333333333333333333333333',
            abi: [{ type: 'function', name: 'collect', inputs: [{ name: 'id', type: 'uint256' }] }],
            functionName: 'collect',
            args: [7n],
          },
        ],
      }),
  ],
  ['signMessage', () => signMessage({ message: 'Hello from the simulator demo' })],
  [
    'signTypedData',
    () => signTypedData({ types: { Drop: [{ name: 'id', type: 'string' }] }, primaryType: 'Drop', message: { id: 'drop-1' } }),
  ],
  ['shareContacts', () => shareContacts({ isMultiSelectEnabled: true, inviteMessage: 'Join me' })],
  ['requestPermission', () => requestPermission({ permission: 'notifications' })],
  ['getPermissions', () => getPermissions()],
  ['sendHapticFeedback', () => sendHapticFeedback({ hapticsType: 'impact', style: 'medium' })],
  ['share', () => share({ title: 'WorldMap', text: 'I found a golden compass', url: location.href })],
]

const result = install({ appId: 'app_staging_worldmap_demo' })
const status = document.querySelector('#status') as HTMLElement
status.textContent = result.success ? 'Installed: the simulator is the host.' : `Install: ${result.errorCode}`
const list = document.querySelector('#commands') as HTMLElement
for (const [name, run] of commands) {
  const row = document.createElement('section')
  row.innerHTML = `<button type="button"></button><h3>Wire message</h3><pre class="wire">—</pre><h3>Reply</h3><pre class="reply">—</pre>`
  const button = row.querySelector('button') as HTMLButtonElement
  button.textContent = name
  button.addEventListener('click', async () => {
    const sent = simulator().received.length
    const wire = row.querySelector('.wire') as HTMLElement
    const reply = row.querySelector('.reply') as HTMLElement
    reply.textContent = 'waiting for the host…'
    try {
      const answer = await run()
      reply.textContent = JSON.stringify(answer, null, 2)
    } catch (error) {
      reply.textContent = `${(error as Error).name}: ${(error as Error).message}`
    }
    const messages = simulator()
      .received.slice(sent)
      .map(({ command, version, payload }) => ({ command, version, payload }))
    wire.textContent = JSON.stringify(messages, null, 2)
  })
  list.append(row)
}
