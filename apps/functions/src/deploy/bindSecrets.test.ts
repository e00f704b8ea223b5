import { onRequest } from 'firebase-functions/v2/https'
import { expect, test } from 'vitest'
import './bindSecrets.js'

test('default: a function defined after it binds the nonce secret, the drop seed, the public-id key and the notifications API key', () => {
  const fn = onRequest({ region: 'asia-southeast1' }, (_req, res) => {
    res.end()
  })
  expect(fn.__endpoint.secretEnvironmentVariables).toEqual([
    { key: 'WORLDMAP_NONCE_SECRET' },
    { key: 'WORLDMAP_DROP_SEED' },
    { key: 'WORLDMAP_PUBLIC_ID_KEY' },
    { key: 'WORLDMAP_NOTIFICATIONS_API_KEY' },
  ])
})
