import { afterEach, expect, test } from 'vitest'
import { createFakeHost, resetAll } from '../test/fakeHost.js'
import { install, signMessage, walletAuth } from './exports/index.js'

afterEach(resetAll)

test('behavior: install then sign', async () => {
  const host = createFakeHost({
    respond: {
      'sign-message': (m) => ({ status: 'success', signature: '0xsig', address: '0xabc', version: 1, echo: m.payload }),
    },
  })
  expect(install('app_test')).toEqual({ success: true })
  const result = await signMessage({ message: 'hi' })
  expect(result).toMatchObject({ status: 'success', signature: '0xsig' })
  expect(host.messages[0]).toEqual({ command: 'init', payload: { version: 1, minorVersion: 96 } })
  await expect(walletAuth({ nonce: 'short' })).rejects.toThrow("'nonce' must be at least 8 characters")
})
