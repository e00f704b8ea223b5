import { expect, test, vi } from 'vitest'
import { createFakeHost, resetAll } from '../test/fakeHost.js'
import { loadStatics, statics } from './commandFaces.js'
import { MiniKit } from './facade.js'
import { statics as functions } from './v2/statics.js'

test('default: MiniKit has a 2.x static shell for every 2.x function, and only those', () => {
  expect(Object.keys(statics).sort()).toStrictEqual(Object.keys(functions).sort())
  for (const shell of Object.values(statics)) expect(typeof shell).toBe('function')
})

test('behavior: a shell hands every argument to its 2.x function and returns its promise (first call and later)', async () => {
  // Outside World App with no fallback, the 2.x function rejects the same way on every call.
  for (let call = 0; call < 2; call++) {
    const direct = await functions.signMessage({ message: 'hi' }).catch((error: unknown) => error)
    const viaShell = await statics.signMessage({ message: 'hi' }).catch((error: unknown) => error)
    expect(viaShell).toStrictEqual(direct)
    expect((viaShell as Error).name).toBe('CommandUnavailableError')
  }
})

test('behavior: MiniKit.install inside World App loads the 2.x statics, so the first tap posts in the same task', async () => {
  resetAll()
  // resetAll aborts the permissions read install starts; its log is expected.
  const log = vi.spyOn(console, 'error').mockImplementation(() => {})
  const host = createFakeHost({ os: 'ios' })
  MiniKit.install('app_test')
  await loadStatics()
  const pending = MiniKit.walletAuth({ nonce: 'a1b2c3d4e5f60718' })
  // No await between the call and the check: the command is already on its way to World App.
  expect(host.commands('wallet-auth')).toHaveLength(1)
  host.reply('miniapp-wallet-auth', { status: 'error', error_code: 'user_rejected', version: 2 })
  await expect(pending).rejects.toMatchObject({ name: 'WalletAuthError' })
  resetAll()
  log.mockRestore()
})
