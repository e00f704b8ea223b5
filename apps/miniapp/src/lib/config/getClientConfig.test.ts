// @vitest-environment happy-dom
import { expect, test } from 'vitest'
import { getClientConfig } from './getClientConfig.js'
import { getInstallOptions } from './getInstallOptions.js'

test('default: the page location decides local mode, once per page', () => {
  const config = getClientConfig()
  expect(config.localMode).toBe(true)
  expect(config.signNonceUrl).toBe('http://localhost:3000/api/sign-nonce')
  expect(getClientConfig()).toBe(config)
})

test('behavior: MiniKit install options carry the app id, the usernames stand-in and the local chain', () => {
  expect(getInstallOptions()).toEqual({
    appId: 'app_staging_worldmap',
    usernamesUrl: 'http://localhost:3000/api/dev/usernames',
    // The orb proof compression reads World Chain: locally the stack's chain, never the internet.
    rpcUrl: 'http://127.0.0.1:8545',
  })
})
