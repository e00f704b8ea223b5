// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import type { VerifyInput, VerifyResult } from '@worldmap/minikit'
import { CommandUnavailableError } from '@worldmap/minikit'
import { expect, test, vi } from 'vitest'
import { fakeConnectivity } from '../../../test/fakeConnectivity.js'
import { ADDRESS, renderApp, signedInAs } from '../../../test/renderApp.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { VerificationSection, type VerificationSectionProps } from './VerificationSection.js'
import type { HumanProof } from './verifyHuman.js'

/** A database listener per path, driven by the test. */
function fakeWatch() {
  const listeners = new Map<string, { onValue: (value: unknown) => void; onError: (error: Error) => void }>()
  const unsubscribe = vi.fn()
  const watch = vi.fn<WatchValue>((path, onValue, onError) => {
    listeners.set(path, { onValue, onError })
    return unsubscribe
  })
  return {
    watch,
    unsubscribe,
    emit: (path: string, value: unknown) => act(() => listeners.get(path)?.onValue(value)),
    fail: (path: string, error: Error) => act(() => listeners.get(path)?.onError(error)),
  }
}

const levelPath = `profiles/${ADDRESS}/verifiedLevel`
const success: VerifyResult = {
  status: 'success',
  proof: '0x01',
  merkle_root: '0x02',
  nullifier_hash: '0x03',
  verification_level: 'orb',
  version: 1,
}

function renderSection(props: Partial<VerificationSectionProps> = {}) {
  const database = fakeWatch()
  const verify = vi.fn(async (_input: VerifyInput) => success)
  const callVerifyHuman = vi.fn(async (_proof: HumanProof): Promise<unknown> => ({ verifiedLevel: 'orb' }))
  const haptics = vi.fn(async () => ({}))
  const view = renderApp(
    <VerificationSection verify={verify} callVerifyHuman={callVerifyHuman} watch={database.watch} haptics={haptics} {...props} />,
    { auth: signedInAs() },
  )
  const section = () => screen.getByRole('region', { name: 'World ID' })
  return { ...database, verify, callVerifyHuman, haptics, view, section }
}

test('default: the recorded level, live from the profile, without a Verify button', async () => {
  const { emit, watch, section, unsubscribe, view } = renderSection()
  expect(watch).toHaveBeenCalledWith(levelPath, expect.any(Function), expect.any(Function), { player: ADDRESS })
  expect(section().textContent).toContain('Checking your verification…')
  expect(within(section()).queryByRole('button', { name: 'Verify' })).toBeNull()

  await emit(levelPath, 'secure_document')
  expect(section().textContent).toContain('Verified human · Secure document')
  expect(within(section()).queryByRole('button', { name: 'Verify' })).toBeNull()
  view.unmount()
  expect(unsubscribe).toHaveBeenCalledTimes(1)
})

test('behavior: Verify → World App proof → verifyHuman callable → the level shown, with a success haptic', async () => {
  const { emit, verify, callVerifyHuman, haptics, section } = renderSection()
  await emit(levelPath, null)
  expect(section().textContent).toContain('Not verified. Verify with World ID to collect drops.')

  let answer: (value: unknown) => void = () => {}
  callVerifyHuman.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
  const button = within(section()).getByRole('button', { name: 'Verify' }) as HTMLButtonElement
  fireEvent.click(button)
  await waitFor(() => expect(callVerifyHuman).toHaveBeenCalledTimes(1))
  expect(button.disabled).toBe(true)
  expect(button.getAttribute('aria-busy')).toBe('true')
  expect(verify).toHaveBeenCalledWith({ action: 'verify-human', signal: ADDRESS, verification_level: 'orb' })
  expect(callVerifyHuman).toHaveBeenCalledWith({
    proof: '0x01',
    merkle_root: '0x02',
    nullifier_hash: '0x03',
    verification_level: 'orb',
  })

  await act(async () => answer({ verifiedLevel: 'orb' }))
  // The server's answer shows at once; the live value confirms it.
  expect(section().textContent).toContain('Verified human · Orb')
  expect(within(section()).getByRole('status').textContent).toBe("You're verified.")
  expect(haptics).toHaveBeenCalledWith({ hapticsType: 'notification', style: 'success' })
  await emit(levelPath, 'orb')
  expect(section().textContent).toContain('Verified human · Orb')
})

test('parameters: the verify action comes from configuration (the local default is verify-human, above)', async () => {
  const { emit, verify, section } = renderSection({ getAction: () => 'prove-human-prod' })
  await emit(levelPath, null)
  fireEvent.click(within(section()).getByRole('button', { name: 'Verify' }))
  await waitFor(() => expect(verify).toHaveBeenCalledWith(expect.objectContaining({ action: 'prove-human-prod' })))
})

test('error: a rejected World App verify shows a plain sentence (no error_code) and plays the error haptic', async () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  const { emit, verify, callVerifyHuman, haptics, section } = renderSection()
  verify.mockResolvedValueOnce({ status: 'error', error_code: 'verification_rejected', version: 1 })
  await emit(levelPath, null)
  fireEvent.click(within(section()).getByRole('button', { name: 'Verify' }))
  expect((await within(section()).findByRole('alert')).textContent).toBe('You declined the verification in World App.')
  expect(callVerifyHuman).not.toHaveBeenCalled()
  expect(haptics).toHaveBeenCalledWith({ hapticsType: 'notification', style: 'error' })
  // The code still reaches the log.
  expect(consoleError).toHaveBeenCalledWith(
    'Failed to verify as a human',
    expect.objectContaining({ code: 'wallet_error', walletErrorCode: 'verification_rejected' }),
  )
  // Still not verified: Verify is offered again.
  expect((within(section()).getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(false)
})

test('error: a verify command that cannot run shows a plain sentence, never the SDK text', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { emit, verify, section } = renderSection()
  verify.mockRejectedValueOnce(new CommandUnavailableError('verify'))
  await emit(levelPath, null)
  fireEvent.click(within(section()).getByRole('button', { name: 'Verify' }))
  const alert = await within(section()).findByRole('alert')
  expect(alert.textContent).toBe('Verification could not start. Open WorldMap in World App and try again.')
  expect(section().textContent).not.toContain('MiniKit')
})

test('error: a server refusal is readable text', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const { emit, callVerifyHuman, section } = renderSection()
  callVerifyHuman.mockRejectedValueOnce(
    Object.assign(new Error('This World ID already verified another account.'), {
      code: 'functions/already-exists',
      details: { code: 'human_already_linked' },
    }),
  )
  await emit(levelPath, null)
  fireEvent.click(within(section()).getByRole('button', { name: 'Verify' }))
  expect((await within(section()).findByRole('alert')).textContent).toBe('This World ID already verified another account.')
  expect(section().textContent).toContain('Not verified.')
})

test('error: an unreadable level says so and still offers Verify; failing haptics never break verifying', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const throwing = vi.fn(() => {
    throw new Error('command unavailable')
  })
  const { fail, section } = renderSection({ haptics: throwing })
  await fail(levelPath, new Error('permission_denied'))
  expect(within(section()).getByRole('alert').textContent).toBe('Your verification status could not be loaded.')
  fireEvent.click(within(section()).getByRole('button', { name: 'Verify' }))
  expect((await within(section()).findByRole('status')).textContent).toBe("You're verified.")
  expect(throwing).toHaveBeenCalledTimes(1)

  const rejecting = vi.fn(async () => Promise.reject(new Error('command unavailable')))
  const second = renderSection({ haptics: rejecting, level: 'device' })
  await second.emit(levelPath, 'not-a-level')
  const [, secondSection] = screen.getAllByRole('region', { name: 'World ID' })
  fireEvent.click(within(secondSection as HTMLElement).getByRole('button', { name: 'Verify' }))
  await waitFor(() => expect(rejecting).toHaveBeenCalledTimes(1))
  expect(second.verify).toHaveBeenCalledWith(expect.objectContaining({ verification_level: 'device' }))
})

test('behavior: nothing when signed out', () => {
  const database = fakeWatch()
  const { container } = renderApp(<VerificationSection watch={database.watch} />)
  expect(container.innerHTML).toBe('')
  expect(database.watch).not.toHaveBeenCalled()
})

test('behavior: offline, Verify is off and says why in plain words; back online it is on again', async () => {
  const net = fakeConnectivity(false)
  const database = fakeWatch()
  renderApp(net.wrap(<VerificationSection watch={database.watch} />), { auth: signedInAs() })
  await database.emit(levelPath, null)
  const section = screen.getByRole('region', { name: 'World ID' })
  expect(within(section).getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(true)
  expect(within(section).getByText("You're offline. This works again once you're back online.")).toBeTruthy()
  net.setOnline(true)
  expect(within(section).getByRole('button', { name: 'Verify' }).hasAttribute('disabled')).toBe(false)
  expect(within(section).queryByText(/offline/)).toBeNull()
})
