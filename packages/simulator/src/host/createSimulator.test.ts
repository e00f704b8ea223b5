import type { InstallOptions } from '@worldmap/minikit'
import { verifySiweMessage } from '@worldmap/minikit/siwe'
import { WORLD_APP_RELEASES } from '@worldmap/minikit/wire'
import { verifyMessage, verifyTypedData } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { verifySimulatedProof } from '../exports/verifier.js'
import { simulatedMerkleRoot } from '../worldId/simulatedProof.js'
import { createSimulator, type Simulator, type SimulatorOptions } from './createSimulator.js'
import { verificationStatusOf } from './hostSurface.js'

type Sdk = typeof import('@worldmap/minikit') & typeof import('@worldmap/minikit/internal')
type Page = Window & { MiniKit?: unknown }

const APP_ID = 'app_staging_worldmap_test'
const RECIPIENT = '0x2cFc85d8E48F8EAB294be644d9E25C3030863003'
const in1Hour = () => new Date(Date.now() + 60 * 60 * 1000)

let simulator: Simulator | undefined

beforeEach(() => {
  // Offline: the SDK's username lookup and Orb proof compression fail fast
  // and fall back, as they would on a laptop without internet.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('fetch failed (offline test)')
    }),
  )
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  vi.spyOn(console, 'log').mockImplementation(() => {})
})

afterEach(async () => {
  vi.useRealTimers()
  // No reply of this test may reach the next test's SDK.
  await simulator?.settled()
  simulator?.uninstall()
  simulator = undefined
  delete (window as Page).MiniKit
  vi.unstubAllGlobals()
})

/** A fresh SDK (its module state reset) connected to a new simulator. */
async function start(options: SimulatorOptions = {}, install: InstallOptions = { appId: APP_ID }) {
  vi.resetModules()
  const sdk: Sdk = { ...(await import('@worldmap/minikit')), ...(await import('@worldmap/minikit/internal')) }
  simulator = createSimulator({ appId: APP_ID, ...options })
  const result = sdk.install(install)
  return { sdk, simulator, result }
}

function success<T extends { status: string }>(reply: T): Extract<T, { status: 'success' }> {
  expect(reply).toMatchObject({ status: 'success' })
  return reply as Extract<T, { status: 'success' }>
}

const errorCalls = () => vi.mocked(console.error).mock.calls.map((call) => String(call[0]))

describe.each(['ios', 'android'] as const)('SDK end to end (%s)', (os) => {
  test('default: install finds World App with every command and wallet-auth v2', async () => {
    const { sdk, simulator, result } = await start({ os })
    expect(result).toEqual({ success: true })
    expect(sdk.isInstalled()).toBe(true)
    for (const command of Object.keys(sdk.COMMAND_VERSIONS)) expect(sdk.miniKitState.available).toHaveProperty(command, true)
    expect(sdk.walletAuthVersion()).toBe(2)
    expect(sdk.miniKitState.deviceProperties).toEqual({
      deviceOS: os,
      worldAppVersion: WORLD_APP_RELEASES.current,
      safeAreaInsets: { top: 47, right: 0, bottom: 34, left: 0 },
    })
    expect(simulator.received[0]).toMatchObject({ command: 'init', payload: { version: 1, minorVersion: 96 } })
    await simulator.settled()
    // init, then the SDK's background permission read; Android gets JSON text, iOS objects.
    expect(simulator.received.map((message) => message.command)).toEqual(['init', 'get-permissions'])
    for (const message of simulator.received) expect(typeof message.raw).toBe(os === 'android' ? 'string' : 'object')
  })

  test('behavior: walletAuth is signed by the wallet and verifySiweMessage accepts it', async () => {
    const { sdk, simulator } = await start({ os })
    const nonce = 'n0nce1234abcd'
    const statement = 'Sign in to WorldMap'
    const result = success(await sdk.walletAuth({ nonce, statement, expirationTime: in1Hour() }))
    expect(result.address).toBe(simulator.wallet.address)
    expect(result.version).toBe(2)
    expect(simulator.received.find((message) => message.command === 'wallet-auth')?.version).toBe(2)
    // The EOA path: no client, no network.
    const { isValid, siweMessageData } = await verifySiweMessage({ payload: result, nonce, statement })
    expect(isValid).toBe(true)
    expect(siweMessageData).toMatchObject({ nonce, statement, chain_id: 480, address: simulator.wallet.address })
    expect(sdk.miniKitState.user.walletAddress).toBe(simulator.wallet.address)
    // And it does check: another nonce is refused.
    await expect(verifySiweMessage({ payload: result, nonce: 'another-nonce-1' })).rejects.toMatchObject({
      code: 'nonce_mismatch',
    })
  })

  test('behavior: signMessage signs with the wallet key', async () => {
    const { sdk, simulator } = await start({ os })
    const message = 'I found a golden compass'
    const result = success(await sdk.signMessage({ message }))
    expect(result.address).toBe(simulator.wallet.address)
    expect(
      await verifyMessage({ address: simulator.wallet.address, message, signature: result.signature as `0x${string}` }),
    ).toBe(true)
  })

  test('behavior: signTypedData signs EIP-712 data (uint256 crosses the wire as a string)', async () => {
    const { sdk, simulator } = await start({ os })
    const typedData = {
      domain: { name: 'WorldMap', version: '1', chainId: 480, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      types: {
        Drop: [
          { name: 'id', type: 'string' },
          { name: 'amount', type: 'uint256' },
          { name: 'owner', type: 'address' },
        ],
      },
      primaryType: 'Drop',
      message: { id: 'drop-1', amount: 123456789012345678901234567890n, owner: RECIPIENT },
    } as const
    // The SDK takes plain JSON-like types, not readonly tuples.
    const { types, ...rest } = typedData
    const mutableTypes = { Drop: [...types.Drop] }
    const result = success(await sdk.signTypedData({ ...rest, types: mutableTypes }))
    const sent = simulator.received.find((message) => message.command === 'sign-typed-data')
    expect(sent?.payload).toMatchObject({ chainId: 480, message: { amount: '123456789012345678901234567890' } })
    expect(result.address).toBe(simulator.wallet.address)
    const valid = await verifyTypedData({
      ...typedData,
      address: simulator.wallet.address,
      signature: result.signature as `0x${string}`,
    })
    expect(valid).toBe(true)
  })

  test('error: signTypedData for another chain gets invalid_operation', async () => {
    const { sdk } = await start({ os })
    const result = await sdk.signTypedData({
      types: { Drop: [{ name: 'id', type: 'string' }] },
      primaryType: 'Drop',
      message: { id: 'drop-1' },
      chainId: 1,
    })
    expect(result).toEqual({ status: 'error', error_code: 'invalid_operation', version: 1 })
  })

  test('behavior: verify gives an Orb proof the simulated verifier accepts, and only for its request', async () => {
    const { sdk, simulator } = await start({ os })
    const action = 'collect-drops'
    const signal = simulator.wallet.address
    const result = success(await sdk.verify({ action, signal }))
    // The SDK tried on-chain compression (offline here) and kept the original proof.
    expect(fetch).toHaveBeenCalled()
    const reply = simulator.replies.find((sent) => sent.event === 'miniapp-verify-action')
    expect(result.proof).toBe(reply?.payload.proof)
    expect(result.verification_level).toBe('orb')

    const request = { appId: simulator.appId, action, signal }
    expect(await verifySimulatedProof(result, request)).toEqual({
      success: true,
      nullifier_hash: result.nullifier_hash,
      verification_level: 'orb',
      action,
    })
    const code = async (proof: typeof result, changes: Partial<typeof request> = {}) => {
      const outcome = await verifySimulatedProof(proof, { ...request, ...changes })
      return outcome.success ? 'accepted' : outcome.code
    }
    const flipped = `${result.proof.slice(0, 10)}${(Number.parseInt(result.proof[10] as string, 16) ^ 1).toString(16)}${result.proof.slice(11)}`
    expect(await code({ ...result, proof: flipped })).toBe('invalid_proof')
    expect(await code(result, { action: 'another-action' })).toBe('invalid_proof')
    expect(await code(result, { signal: RECIPIENT })).toBe('invalid_proof')
    expect(await code(result, { appId: 'app_staging_someone_else' })).toBe('invalid_proof')
    const lastDigit = result.nullifier_hash.at(-1) === '0' ? '1' : '0'
    expect(await code({ ...result, nullifier_hash: `${result.nullifier_hash.slice(0, -1)}${lastDigit}` })).toBe('invalid_proof')
    expect(await code({ ...result, merkle_root: simulatedMerkleRoot('device') })).toBe('invalid_merkle_root')
    expect(await code({ ...result, verification_level: 'platinum' })).toBe('invalid_level')
  })

  test('behavior: one person has one nullifier per action; another person has another', async () => {
    const first = await start({ os, identity: { seed: 'alice' } })
    const a1 = success(await first.sdk.verify({ action: 'collect', verification_level: 'device' }))
    const a2 = success(await first.sdk.verify({ action: 'collect', verification_level: 'device' }))
    const a3 = success(await first.sdk.verify({ action: 'vote', verification_level: 'device' }))
    expect(a2.nullifier_hash).toBe(a1.nullifier_hash)
    expect(a3.nullifier_hash).not.toBe(a1.nullifier_hash)
    await first.simulator.settled()
    first.simulator.uninstall()
    delete (window as Page).MiniKit

    const second = await start({ os, identity: { seed: 'bob' } })
    const b1 = success(await second.sdk.verify({ action: 'collect', verification_level: 'device' }))
    expect(b1.nullifier_hash).not.toBe(a1.nullifier_hash)
  })

  test('error: a device-only identity asked for an Orb proof gets credential_unavailable', async () => {
    const { sdk, simulator } = await start({ os, identity: { level: 'device' } })
    expect(await sdk.verify({ action: 'collect', verification_level: 'orb' })).toEqual({
      status: 'error',
      error_code: 'credential_unavailable',
      version: 1,
    })
    const device = success(await sdk.verify({ action: 'collect', signal: 'x', verification_level: 'device' }))
    expect(device.verification_level).toBe('device')
    expect(await verifySimulatedProof(device, { appId: simulator.appId, action: 'collect', signal: 'x' })).toMatchObject({
      success: true,
    })
  })

  test('behavior: pay replies with a realistic submitted payment', async () => {
    const { sdk, simulator } = await start({ os })
    const reference = 'c0ffee00-1234-4321-9876-abcdefabcdef'
    const result = success(
      await sdk.pay({
        reference,
        to: RECIPIENT,
        tokens: [{ symbol: 'WLD', token_amount: '1500000000000000000' }],
        description: 'A golden map',
      }),
    )
    expect(result).toEqual({
      status: 'success',
      transaction_status: 'submitted',
      transaction_id: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      reference,
      from: simulator.wallet.address,
      chain: 'worldchain',
      timestamp: expect.any(String),
      version: 1,
    })
    expect(new Date(result.timestamp).toISOString()).toBe(result.timestamp)
    const again = success(
      await sdk.pay({ reference, to: RECIPIENT, tokens: [{ symbol: 'USDCE', token_amount: '100000' }], description: 'x' }),
    )
    expect(again.transaction_id).not.toBe(result.transaction_id)
  })

  test('behavior: sendTransaction replies with a transaction id from the wallet', async () => {
    const { sdk, simulator } = await start({ os })
    const abi = [
      { type: 'function', name: 'mint', stateMutability: 'nonpayable', inputs: [{ name: 'id', type: 'uint256' }], outputs: [] },
    ]
    const result = success(
      await sdk.sendTransaction({ transaction: [{ address: RECIPIENT, abi, functionName: 'mint', args: [7n] }] }),
    )
    expect(result).toMatchObject({
      transaction_status: 'submitted',
      transaction_id: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      from: simulator.wallet.address,
      chain: 'worldchain',
      mini_app_id: APP_ID,
      version: 1,
    })
  })

  test('behavior: shareContacts returns the default contacts', async () => {
    const { sdk } = await start({ os })
    const result = success(await sdk.shareContacts({ isMultiSelectEnabled: true }))
    expect(result.contacts).toEqual([
      { username: 'ana.world', walletAddress: '0x1111111111111111111111111111111111111111', profilePictureUrl: null },
      { username: 'ben.world', walletAddress: '0x2222222222222222222222222222222222222222', profilePictureUrl: null },
    ])
  })

  test('behavior: requestPermission grants once, then already_granted; getPermissions reflects it', async () => {
    const { sdk, simulator } = await start({ os })
    expect(success(await sdk.getPermissions()).permissions).toEqual({ notifications: false, contacts: false, microphone: false })
    expect(await sdk.requestPermission({ permission: 'notifications' })).toEqual({
      status: 'success',
      permission: 'notifications',
      timestamp: expect.any(String),
      version: 1,
    })
    expect(await sdk.requestPermission({ permission: 'notifications' })).toEqual({
      status: 'error',
      error_code: 'already_granted',
      version: 1,
    })
    expect(simulator.permissions.notifications).toBe(true)
    expect(success(await sdk.getPermissions()).permissions).toEqual({ notifications: true, contacts: false, microphone: false })
  })

  test('behavior: sendHapticFeedback succeeds', async () => {
    const { sdk } = await start({ os })
    expect(await sdk.sendHapticFeedback({ hapticsType: 'notification', style: 'success' })).toEqual({
      status: 'success',
      version: 1,
      timestamp: expect.any(String),
    })
  })

  test('behavior: share resolves', async () => {
    const { sdk, simulator } = await start({ os })
    // iOS shares through navigator.share, which the simulator provides on desktop browsers.
    expect(typeof navigator.share).toBe(os === 'ios' ? 'function' : 'undefined')
    const file = new File(['a golden compass'], 'find.txt', { type: 'text/plain' })
    const result = await sdk.share({ files: [file], title: 'My find', text: 'Look!' })
    expect(result).toEqual({ status: 'success', shared_files_count: 1, version: 1, timestamp: expect.any(String) })
    await simulator.settled()
    const sent = simulator.received.find((message) => message.command === 'share')
    if (os === 'android') {
      expect(sent?.payload).toEqual({
        title: 'My find',
        text: 'Look!',
        files: [{ name: 'find.txt', type: 'text/plain', data: btoa('a golden compass') }],
      })
      expect(simulator.replies.filter((reply) => reply.event === 'miniapp-share')).toHaveLength(1)
    } else {
      // iOS shares through the webview's sheet; World App sends no reply.
      expect(sent?.payload).toMatchObject({ title: 'My find', files: [file] })
      expect(simulator.replies.filter((reply) => reply.event === 'miniapp-share')).toEqual([])
    }
  })
})

describe('window.WorldApp', () => {
  test('parameters: version, commands, insets and analytics flag', async () => {
    const supportedCommands = [{ name: 'sign-message', supported_versions: [1] }]
    const { sdk, result } = await start({
      os: 'android',
      worldAppVersion: 2087900,
      supportedCommands,
      safeAreaInsets: { top: 1, right: 2, bottom: 3, left: 4 },
      optedIntoOptionalAnalytics: true,
      privateKey: `0x${'11'.repeat(32)}`,
      identity: { level: 'document' },
      preferredCurrency: 'EUR',
      pendingNotifications: 3,
      launchLocation: 'wallet_tab',
    })
    expect((window as { WorldApp?: unknown }).WorldApp).toEqual({
      world_app_version: 2087900,
      device_os: 'android',
      is_optional_analytics: true,
      supported_commands: supportedCommands,
      safe_area_insets: { top: 1, right: 2, bottom: 3, left: 4 },
      wallet_address: '0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A',
      verification_status: { is_orb_verified: false, is_document_verified: true, is_secure_document_verified: false },
      preferred_currency: 'EUR',
      pending_notifications: 3,
      location: 'wallet_tab',
    })
    expect(result).toMatchObject({ success: false, errorCode: 'app_out_of_date' })
    expect(sdk.walletAuthVersion()).toBe(1)
    expect(sdk.miniKitState.user.optedIntoOptionalAnalytics).toBe(true)
  })

  test('default: the 2.x fields: the wallet that signs, an Orb-verified holder, USD, no notifications, opened from home', () => {
    simulator = createSimulator({})
    expect((window as { WorldApp?: unknown }).WorldApp).toMatchObject({
      wallet_address: simulator.wallet.address,
      verification_status: { is_orb_verified: true, is_document_verified: true, is_secure_document_verified: true },
      preferred_currency: 'USD',
      pending_notifications: 0,
      location: 'homepage',
    })
  })

  test('behavior: launchLocation null advertises no location', () => {
    simulator = createSimulator({ launchLocation: null })
    expect((window as { WorldApp?: { location?: unknown } }).WorldApp?.location).toBeNull()
  })

  test.each([
    ['device', [false, false, false]],
    ['document', [false, true, false]],
    ['secure_document', [false, true, true]],
    ['orb', [true, true, true]],
  ] as const)('parameters: a %s holder is advertised as orb/document/secure document %j', (level, [orb, document, secure]) => {
    expect(verificationStatusOf(level)).toEqual({
      is_orb_verified: orb,
      is_document_verified: document,
      is_secure_document_verified: secure,
    })
  })

  test('behavior: official 2.0.3 reads the 2.x fields into MiniKit.user and MiniKit.location at install', async () => {
    simulator = createSimulator({
      os: 'android',
      identity: { level: 'secure_document' },
      preferredCurrency: 'JPY',
      pendingNotifications: 2,
    })
    const { MiniKit } = await import('@worldcoin/minikit-js-2')
    expect(MiniKit.install(APP_ID)).toMatchObject({ success: true })
    expect(MiniKit.user).toMatchObject({
      walletAddress: simulator.wallet.address,
      verificationStatus: { isOrbVerified: false, isDocumentVerified: true, isSecureDocumentVerified: true },
      preferredCurrency: 'JPY',
      pendingNotifications: 2,
    })
    expect(MiniKit.location).toBe('home')
  })

  test('behavior: an older World App gets wallet-auth v1 and answers it', async () => {
    const { sdk, simulator } = await start({ worldAppVersion: 2087900 })
    const result = success(await sdk.walletAuth({ nonce: 'abcdefgh1234' }))
    expect(result.version).toBe(1)
    expect(simulator.received.find((message) => message.command === 'wallet-auth')?.version).toBe(1)
  })

  test('parameters: a given window and key', () => {
    const page = { navigator: {} } as unknown as Window & { WorldApp?: unknown; webkit?: unknown }
    simulator = createSimulator({ window: page, privateKey: `0x${'11'.repeat(32)}` })
    expect(page.WorldApp).toMatchObject({ device_os: 'ios', world_app_version: WORLD_APP_RELEASES.current })
    expect(page.webkit).toBeDefined()
    expect(typeof (page.navigator as Navigator).share).toBe('function')
    expect(simulator.wallet.address).toBe('0x19E7E376E7C213B7E7e7e46cc70A5dD086DAff2A')
    expect(simulator.appId).toBe('app_staging_worldmap_simulator')
    simulator.uninstall()
    expect(page.WorldApp).toBeUndefined()
    expect(page.webkit).toBeUndefined()
    expect((page.navigator as Partial<Navigator>).share).toBeUndefined()
    simulator = undefined
  })

  test('behavior: uninstall removes the host (and only the share sheet it added)', async () => {
    const page = window as Window & { WorldApp?: unknown; webkit?: unknown; Android?: unknown }
    simulator = createSimulator({ os: 'android' })
    expect(page.Android).toBeDefined()
    simulator.uninstall()
    expect(page.WorldApp).toBeUndefined()
    expect(page.Android).toBeUndefined()

    const own = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'share', { configurable: true, value: own })
    simulator = createSimulator({ os: 'ios' })
    expect(navigator.share).toBe(own)
    simulator.uninstall()
    expect(navigator.share).toBe(own)
    delete (navigator as Partial<Navigator>).share
  })

  test('parameters: initial permissions reach the SDK user', async () => {
    const { sdk, simulator } = await start({ permissions: { contacts: true } })
    await simulator.settled()
    await vi.waitFor(() => expect(sdk.miniKitState.user.permissions).toEqual({ notifications: false, contacts: true }), {
      timeout: 5_000,
    })
  })

  test('parameters: custom contacts', async () => {
    const contacts = [{ username: 'cat.world', walletAddress: RECIPIENT, profilePictureUrl: 'https://example.com/cat.png' }]
    const { sdk } = await start({ contacts })
    expect(success(await sdk.shareContacts({ isMultiSelectEnabled: false })).contacts).toEqual(contacts)
  })
})

describe('scripted behaviour', () => {
  test('parameters: reject with a chosen error code', async () => {
    const { sdk } = await start({ behaviour: { pay: { outcome: 'reject', errorCode: 'insufficient_balance' } } })
    const result = await sdk.pay({
      reference: 'ref-1',
      to: RECIPIENT,
      tokens: [{ symbol: 'WLD', token_amount: '1' }],
      description: 'x',
    })
    expect(result).toEqual({ status: 'error', error_code: 'insufficient_balance', version: 1 })
  })

  test('parameters: reject without a code uses the command’s user-rejected code', async () => {
    const { sdk } = await start({
      behaviour: { 'sign-message': { outcome: 'reject' }, verify: { outcome: 'reject' } },
    })
    expect(await sdk.signMessage({ message: 'hi' })).toEqual({ status: 'error', error_code: 'user_rejected', version: 1 })
    expect(await sdk.verify({ action: 'collect' })).toEqual({
      status: 'error',
      error_code: 'verification_rejected',
      version: 1,
    })
  })

  test('parameters: delay holds the reply back', async () => {
    const { sdk } = await start({ behaviour: { 'sign-message': { delay: 150 } } })
    const order: string[] = []
    const startedAt = performance.now()
    const signed = sdk.signMessage({ message: 'slow' }).then((reply) => {
      order.push('sign-message')
      return reply
    })
    const haptic = sdk.sendHapticFeedback({ hapticsType: 'impact', style: 'light' }).then(() => order.push('haptic'))
    await Promise.all([signed, haptic])
    expect(order).toEqual(['haptic', 'sign-message'])
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(140)
    expect((await signed).status).toBe('success')
  })

  test('parameters: delay with fake timers', async () => {
    const { sdk, simulator } = await start({ behaviour: { 'send-haptic-feedback': { delay: 5_000 } } })
    await simulator.settled()
    vi.useFakeTimers()
    let done = false
    const haptic = sdk.sendHapticFeedback({ hapticsType: 'selection-changed' }).then(() => {
      done = true
    })
    await vi.advanceTimersByTimeAsync(4_999)
    expect(done).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    await haptic
    expect(done).toBe(true)
  })

  test('error: a dropped reply leaves the call to its timeout', async () => {
    const { sdk, simulator } = await start({ behaviour: { 'sign-message': { outcome: 'drop' } } })
    const call = sdk.signMessage({ message: 'anyone there?' }, { timeout: 50 })
    await expect(call).rejects.toBeInstanceOf(sdk.CommandTimeoutError)
    await expect(call).rejects.toThrowError("'signMessage' did not receive a reply within 50 ms")
    expect(simulator.received.map((message) => message.command)).toContain('sign-message')
    expect(simulator.replies.map((reply) => reply.event)).not.toContain('miniapp-sign-message')
  })

  test('behavior: a duplicated reply resolves the call once; the SDK logs the stray copy', async () => {
    const { sdk, simulator } = await start({ behaviour: { 'send-haptic-feedback': { duplicate: true } } })
    const onResolve = vi.fn()
    await sdk.sendHapticFeedback({ hapticsType: 'impact', style: 'heavy' }).then(onResolve)
    await simulator.settled()
    expect(onResolve).toHaveBeenCalledTimes(1)
    expect(simulator.replies.filter((reply) => reply.event === 'miniapp-send-haptic-feedback')).toHaveLength(2)
    expect(errorCalls().filter((text) => text.startsWith('No handler for event miniapp-send-haptic-feedback'))).toHaveLength(1)
  })

  test('behavior: setBehaviour changes the answer at runtime', async () => {
    const { sdk, simulator } = await start()
    expect((await sdk.signMessage({ message: 'a' })).status).toBe('success')
    simulator.setBehaviour('sign-message', { outcome: 'reject', errorCode: 'invalid_message' })
    expect(await sdk.signMessage({ message: 'b' })).toEqual({ status: 'error', error_code: 'invalid_message', version: 1 })
    simulator.setBehaviour('sign-message', undefined)
    expect((await sdk.signMessage({ message: 'c' })).status).toBe('success')
  })
})

describe('confirm (interactive mode)', () => {
  test('behavior: the hook approves or rejects commands that need consent', async () => {
    const confirm = vi.fn(async ({ command }: { command: string }) => command === 'sign-message')
    const { sdk } = await start({ confirm })
    expect((await sdk.signMessage({ message: 'ok?' })).status).toBe('success')
    expect(await sdk.requestPermission({ permission: 'contacts' })).toEqual({
      status: 'error',
      error_code: 'user_rejected',
      version: 1,
    })
    // The sheet also learns who signs and which app asks.
    const who = { address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/), domain: window.location.host }
    expect(confirm).toHaveBeenCalledWith({ command: 'sign-message', payload: { message: 'ok?' }, ...who })
    expect(confirm).toHaveBeenCalledWith({ command: 'request-permission', payload: { permission: 'contacts' }, ...who })
  })

  test('behavior: get-permissions and haptics answer without asking', async () => {
    const confirm = vi.fn(async () => false)
    const { sdk, simulator } = await start({ confirm })
    expect((await sdk.getPermissions()).status).toBe('success')
    expect((await sdk.sendHapticFeedback({ hapticsType: 'notification', style: 'error' })).status).toBe('success')
    await simulator.settled()
    expect(confirm).not.toHaveBeenCalled()
  })

  test('behavior: a scripted behaviour, also one set at runtime, answers instead of the hook', async () => {
    const confirm = vi.fn(async () => true)
    const { sdk, simulator } = await start({
      confirm,
      behaviour: { pay: { outcome: 'reject', errorCode: 'insufficient_balance' } },
    })
    const payment = { reference: 'r', to: RECIPIENT, tokens: [{ symbol: 'WLD' as const, token_amount: '1' }], description: 'x' }
    expect(await sdk.pay(payment)).toMatchObject({ error_code: 'insufficient_balance' })
    simulator.setBehaviour('sign-message', { outcome: 'reject' })
    expect(await sdk.signMessage({ message: 'm' })).toMatchObject({ error_code: 'user_rejected' })
    expect(confirm).not.toHaveBeenCalled()
    simulator.setBehaviour('pay', undefined)
    expect((await sdk.pay(payment)).status).toBe('success')
    expect(confirm).toHaveBeenCalledTimes(1)
  })
})

describe('microphone', () => {
  function fakeMicrophone() {
    const track = {
      kind: 'audio',
      readyState: 'live',
      stop: vi.fn(function (this: { readyState: string }) {
        this.readyState = 'ended'
      }),
      addEventListener: vi.fn(),
    }
    const stream = { id: 'mic-stream-1', getTracks: () => [track], getAudioTracks: () => [track] }
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: { getUserMedia: vi.fn(async () => stream) },
    })
    return { track, stream }
  }

  afterEach(() => {
    delete (navigator as { mediaDevices?: unknown }).mediaDevices
  })

  test('behavior: revokeMicrophone makes the SDK stop every open stream', async () => {
    const { track } = fakeMicrophone()
    const { sdk, simulator } = await start({ permissions: { microphone: true } })
    await sdk.whenMicrophoneTracked()
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true })
    await simulator.settled()
    expect([...simulator.openMicrophoneStreams]).toEqual([stream.id])

    simulator.revokeMicrophone()
    await simulator.settled()
    expect(simulator.replies.at(-1)).toEqual({
      event: 'miniapp-microphone',
      payload: { status: 'error', error_code: 'mini_app_permission_not_enabled', version: 1 },
    })
    expect(simulator.permissions.microphone).toBe(false)
    expect(track.stop).toHaveBeenCalled()
    expect(simulator.openMicrophoneStreams.size).toBe(0)
    expect(simulator.received.map((message) => message.command)).toEqual(
      expect.arrayContaining(['microphone-stream-started', 'microphone-stream-ended']),
    )
  })

  test('parameters: revokeMicrophone with the World App-wide code', async () => {
    simulator = createSimulator()
    const trigger = vi.fn()
    ;(window as Page).MiniKit = { trigger }
    simulator.revokeMicrophone('world_app_permission_not_enabled')
    await simulator.settled()
    expect(trigger).toHaveBeenCalledWith('miniapp-microphone', {
      status: 'error',
      error_code: 'world_app_permission_not_enabled',
      version: 1,
    })
  })
})

describe('the consent drawer as the hook', () => {
  test('behavior: approving in the sheet lets the SDK call succeed', async () => {
    const { createConsentDrawer } = await import('../ui/createConsentDrawer.js')
    const { sdk } = await start({ confirm: createConsentDrawer(window) })
    const call = sdk.signMessage({ message: 'from the sheet' })
    const sheet = await vi.waitFor(
      () => {
        const host = document.body.querySelector('worldmap-simulator-sheet')
        if (!host?.shadowRoot) throw new Error('no sheet yet')
        return host.shadowRoot
      },
      { timeout: 5_000 },
    )
    expect(sheet.querySelector('h2')?.textContent).toBe('Sign message')
    ;(sheet.querySelector('.approve') as HTMLButtonElement).click()
    expect((await call).status).toBe('success')
  })
})

test('behavior: replies need no SDK (trigger missing is fine) and settled() waits for them', async () => {
  simulator = createSimulator()
  const handler = (window as unknown as { webkit: { messageHandlers: { minikit: { postMessage(m: unknown): void } } } }).webkit
    .messageHandlers.minikit
  handler.postMessage({ command: 'send-haptic-feedback', version: 1, payload: { hapticsType: 'impact', style: 'medium' } })
  expect(simulator.replies).toEqual([])
  await simulator.settled()
  expect(simulator.replies).toEqual([
    { event: 'miniapp-send-haptic-feedback', payload: { status: 'success', version: 1, timestamp: expect.any(String) } },
  ])
})
