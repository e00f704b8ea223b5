import { afterEach, describe, expect, test } from 'vitest'
import { createSimulatorWallet } from '../wallet/createSimulatorWallet.js'
import {
  defaultIdentities,
  IDENTITY_STORAGE_KEY,
  identityOptions,
  loadIdentities,
  newUser,
  type StoredIdentity,
  saveIdentities,
  savePermissions,
} from './identityStore.js'

afterEach(() => localStorage.clear())

describe('identityStore', () => {
  test('default: a returning user (the dev wallet, permissions granted) and a new user (fresh seed, nothing granted)', () => {
    const state = loadIdentities(window)
    expect(state.active).toBe('returning')
    expect(state.identities.map((identity) => identity.name)).toEqual(['Returning user', 'New user'])
    const [returning, fresh] = state.identities
    expect(identityOptions(returning as StoredIdentity)).toEqual({
      permissions: { notifications: true, contacts: true, microphone: false },
    })
    expect(fresh?.seed).toMatch(/^[0-9a-f]{32}$/)
    expect(fresh?.permissions).toEqual({ notifications: false, contacts: false, microphone: false })
  })

  test('behavior: saved identities come back on the next load; the same seed is the same wallet and World ID', () => {
    const state = defaultIdentities()
    saveIdentities(window, { ...state, active: 'new' })
    const loaded = loadIdentities(window)
    expect(loaded.active).toBe('new')
    const fresh = loaded.identities[1] as StoredIdentity
    const options = identityOptions(fresh)
    const again = identityOptions(structuredClone(fresh))
    expect(createSimulatorWallet(options.privateKey).address).toBe(createSimulatorWallet(again.privateKey).address)
    expect(createSimulatorWallet(options.privateKey).address).not.toBe(createSimulatorWallet().address)
    expect(options.identity).toEqual({ seed: fresh.seed })
  })

  test('behavior: two new users are two different people', () => {
    expect(newUser().seed).not.toBe(newUser().seed)
  })

  test('behavior: permissions are saved on their identity only, over what another tab stored meanwhile', () => {
    const state = { ...defaultIdentities(), active: 'new' }
    saveIdentities(window, state)
    // Another tab adds someone after this page loaded.
    const other = newUser('New user 2')
    saveIdentities(window, { ...state, identities: [...state.identities, other] })
    savePermissions(window, state, 'new', { notifications: true, contacts: false, microphone: false })
    const loaded = loadIdentities(window)
    expect(loaded.identities.map((identity) => [identity.id, identity.permissions.notifications])).toEqual([
      ['returning', true],
      ['new', true],
      [other.id, false],
    ])
    expect(loaded.identities[0]?.permissions).toEqual({ notifications: true, contacts: true, microphone: false })
  })

  test('behavior: with nothing stored yet, the page’s identities are saved with the grant', () => {
    const state = defaultIdentities()
    savePermissions(window, state, 'returning', { notifications: false, contacts: true, microphone: true })
    expect(loadIdentities(window)).toEqual({
      ...state,
      identities: [
        { ...state.identities[0], permissions: { notifications: false, contacts: true, microphone: true } },
        state.identities[1],
      ],
    })
  })

  test('error: foreign or broken storage falls back to the defaults', () => {
    localStorage.setItem(IDENTITY_STORAGE_KEY, '{not json')
    expect(loadIdentities(window).active).toBe('returning')
    localStorage.setItem(IDENTITY_STORAGE_KEY, JSON.stringify({ active: 'ghost', identities: [newUser()] }))
    expect(loadIdentities(window).active).toBe('returning')
  })
})
