import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { hashToField } from '@worldmap/minikit'
import { createSimulatedIdentity } from '@worldmap/simulator'
import { describe, expect, test } from 'vitest'
import { createProofVerifier } from './createProofVerifier.js'

const appId = 'app_staging_worldmap'
const request = { appId, action: 'verify-human', signal: '0x00000000000000000000000000000000000A11cE' }

describe('createProofVerifier', () => {
  test('default', async () => {
    const proof = await createSimulatedIdentity({ seed: 'dave' }).prove({
      appId,
      action: request.action,
      signalHash: hashToField(request.signal),
      level: 'orb',
    })
    const verifier = createProofVerifier({ appId, verifier: { mode: 'simulator' } })
    expect(await verifier(proof, request)).toEqual({
      success: true,
      nullifier_hash: proof.nullifier_hash,
      verification_level: 'orb',
    })
  })

  test('parameters: the Developer Portal at the configured URL', async () => {
    const paths: (string | undefined)[] = []
    const server = createServer((req, res) => {
      paths.push(req.url)
      req.resume()
      req.on('end', () =>
        res
          .writeHead(400, { 'content-type': 'application/json' })
          .end(JSON.stringify({ code: 'invalid_proof', detail: 'The provided proof is invalid.' })),
      )
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
      const verifier = createProofVerifier({ appId: 'app_prod', verifier: { mode: 'developer-portal', baseUrl } })
      const proof = { proof: '0x01', merkle_root: '0x02', nullifier_hash: '0x03', verification_level: 'orb' } as const
      expect(await verifier(proof, { ...request, appId: 'app_prod' })).toEqual({
        success: false,
        code: 'invalid_proof',
        detail: 'The provided proof is invalid.',
      })
      expect(paths).toEqual(['/api/v2/verify/app_prod'])
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})
