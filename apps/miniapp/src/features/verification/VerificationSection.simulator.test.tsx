// @vitest-environment happy-dom
// Verify against the real SDK and the World App simulator (a real World ID
// proof for our action and signal), checked by the simulator's verifier as
// the verifyHuman callable does locally; only the callable's transport and
// the database are stand-ins here (the end-to-end suite covers them).
import { act, fireEvent, screen, within } from '@testing-library/react'
import { install } from '@worldmap/minikit'
import { createSimulator } from '@worldmap/simulator'
import { verifySimulatedProof } from '@worldmap/simulator/verifier'
import { afterEach, expect, test, vi } from 'vitest'
import { renderApp, signedInAs } from '../../../test/renderApp.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { VerificationSection } from './VerificationSection.js'
import type { HumanProof } from './verifyHuman.js'

const APP_ID = 'app_staging_worldmap'
let simulator: ReturnType<typeof createSimulator> | undefined

afterEach(async () => {
  await simulator?.settled()
  simulator?.uninstall()
  simulator = undefined
})

test('default: the simulator proves the signed-in uid for verify-human, the verifier accepts it, the level shows', async () => {
  // Offline: the SDK's on-chain Orb proof compression fails fast and keeps the original proof.
  vi.stubGlobal('fetch', async () => Promise.reject(new TypeError('fetch failed (offline test)')))
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  simulator = createSimulator({ window, appId: APP_ID })
  expect(install({ appId: APP_ID })).toMatchObject({ success: true })
  const uid = simulator.wallet.address

  let setLevel: (value: unknown) => void = () => {}
  const watch: WatchValue = (_path, onValue) => {
    setLevel = onValue
    return () => {}
  }
  const checked: unknown[] = []
  const callVerifyHuman = async (proof: HumanProof) => {
    const verdict = await verifySimulatedProof(proof, { appId: APP_ID, action: 'verify-human', signal: uid })
    checked.push(verdict)
    if (!verdict.success) throw Object.assign(new Error('rejected'), { code: 'functions/permission-denied' })
    return { verifiedLevel: verdict.verification_level }
  }

  renderApp(<VerificationSection watch={watch} callVerifyHuman={callVerifyHuman} />, {
    auth: signedInAs({ uid, walletAddress: uid, username: 'simulator.dev', profilePictureUrl: null }),
  })
  act(() => setLevel(null))
  const section = screen.getByRole('region', { name: 'World ID' })
  fireEvent.click(within(section).getByRole('button', { name: 'Verify' }))

  expect((await within(section).findByRole('status', {}, { timeout: 10_000 })).textContent).toBe("You're verified.")
  expect(section.textContent).toContain('Verified human · Orb')
  expect(checked).toEqual([expect.objectContaining({ success: true, verification_level: 'orb', action: 'verify-human' })])
  const commands = simulator.received.map((message) => message.command)
  expect(commands).toContain('verify')
  // Success buzzes (the simulator answers haptics too).
  expect(commands).toContain('send-haptic-feedback')
}, 20_000)
