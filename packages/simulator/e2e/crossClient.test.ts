// @vitest-environment node
// Cross-test: the same page, built with the official @worldcoin/minikit-js
// 1.9.6 and with @worldmap/minikit, runs against the simulator in headless
// Chromium. Valid replies for a client nobody here wrote show the simulator
// speaks World App's wire protocol, not just our own dialect of it.
import { fileURLToPath } from 'node:url'
import { verifySiweMessage } from '@worldmap/minikit/siwe'
import { build } from 'esbuild'
import type { Browser } from 'playwright-core'
import { type Hex, verifyMessage, verifyTypedData } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { installSimulator } from '../src/playwright/installSimulator.js'
import { createSimulatorWallet } from '../src/wallet/createSimulatorWallet.js'
import { verifySimulatedProof } from '../src/worldId/verifySimulatedProof.js'
import { launchChromium } from './launchChromium.js'
import { serveStatic } from './serveStatic.js'

const entry = fileURLToPath(new URL('./pages/crossClient.ts', import.meta.url))
const clients = {
  official: '@worldcoin/minikit-js',
  worldmap: '@worldmap/minikit',
} as const

async function bundle(target: string): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    // Aliases resolve from here, where both toolkits are dependencies.
    absWorkingDir: fileURLToPath(new URL('..', import.meta.url)),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    alias: { 'minikit-under-test': target },
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  })
  return result.outputFiles[0]?.text ?? ''
}

let browser: Browser
let server: Awaited<ReturnType<typeof serveStatic>>
const wallet = createSimulatorWallet()

beforeAll(async () => {
  const [official, worldmap] = await Promise.all([bundle(clients.official), bundle(clients.worldmap)])
  const page = (script: string) => ({
    type: 'text/html',
    body: `<!doctype html><html><head><meta charset="utf-8"><title>e2e</title></head><body><script type="module" src="/${script}.js"></script></body></html>`,
  })
  server = await serveStatic({
    '/official.html': page('official'),
    '/worldmap.html': page('worldmap'),
    '/official.js': { body: official, type: 'text/javascript' },
    '/worldmap.js': { body: worldmap, type: 'text/javascript' },
  })
  browser = await launchChromium()
}, 120_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
})

describe.each([
  ['official', 'ios'],
  ['official', 'android'],
  ['worldmap', 'ios'],
  ['worldmap', 'android'],
] as const)('behavior: %s client on a simulated %s host', (client, os) => {
  let results: Record<string, Record<string, unknown>>

  beforeAll(async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } })
    // No internet here: fail anything not on this machine at once (the
    // toolkits' username lookup and proof compression), as a dead network would.
    await context.route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.abort('internetdisconnected'))
    await installSimulator(context, { os, appId: 'app_staging_worldmap_e2e', geolocation: false })
    const page = await context.newPage()
    await page.goto(`${server.url}/${client}.html`)
    await page.waitForFunction(() => typeof (window as unknown as { runCommands?: unknown }).runCommands === 'function')
    results = await page.evaluate(() => (window as unknown as { runCommands(): Promise<never> }).runCommands())
    await context.close()
  }, 60_000)

  test('default: install succeeds', () => {
    expect(results.install).toEqual({ success: true })
  })

  test('behavior: wallet auth signs a SIWE message our verifier accepts', async () => {
    const payload = results.walletAuth as { status: 'success'; message: string; signature: string; address: string }
    expect(payload).toMatchObject({ status: 'success', address: wallet.address, version: 2 })
    const nonce = 'e2ecrossclient0001'
    const { siweMessageData } = await verifySiweMessage({ payload, nonce, statement: `Authenticate (${nonce}).` })
    expect(siweMessageData).toMatchObject({ chain_id: 480, nonce, address: wallet.address })
  })

  test('behavior: sign message and typed data verify against the wallet', async () => {
    const message = results.signMessage as { signature: Hex; address: Hex }
    expect(
      await verifyMessage({ address: wallet.address, message: 'hello from the e2e page', signature: message.signature }),
    ).toBe(true)
    const typed = results.signTypedData as { signature: Hex }
    expect(
      await verifyTypedData({
        address: wallet.address,
        types: {
          Drop: [
            { name: 'id', type: 'string' },
            { name: 'amount', type: 'uint256' },
          ],
        },
        primaryType: 'Drop',
        message: { id: 'drop-1', amount: 42n },
        domain: { name: 'WorldMap', version: '1', chainId: 480 },
        signature: typed.signature,
      }),
    ).toBe(true)
  })

  test('behavior: pay is submitted with a transaction id', () => {
    expect(results.pay).toMatchObject({
      status: 'success',
      transaction_status: 'submitted',
      reference: 'e2e-reference-1',
      from: wallet.address,
      chain: 'worldchain',
    })
    expect((results.pay as { transaction_id: string }).transaction_id).toMatch(/^0x[0-9a-f]{64}$/)
  })

  test('behavior: verify returns a proof the simulator verifier accepts', async () => {
    const proof = results.verify as {
      status: string
      proof: string
      merkle_root: string
      nullifier_hash: string
      verification_level: string
    }
    expect(proof.status).toBe('success')
    const verdict = await verifySimulatedProof(proof, {
      appId: 'app_staging_worldmap_e2e',
      action: 'collect-drops',
      signal: 'e2e-signal',
    })
    expect(verdict).toMatchObject({ success: true, verification_level: 'orb' })
  })

  test('behavior: permissions and haptics answer', () => {
    expect(results.getPermissions).toMatchObject({ status: 'success', permissions: { notifications: false, contacts: false } })
    expect(results.sendHapticFeedback).toMatchObject({ status: 'success' })
  })
})
