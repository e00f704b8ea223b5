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

  test('error: foreign or broken storage falls back to the defaults', () => {
    localStorage.setItem(IDENTITY_STORAGE_KEY, '{not json')
    expect(loadIdentities(window).active).toBe('returning')
    localStorage.setItem(IDENTITY_STORAGE_KEY, JSON.stringify({ active: 'ghost', identities: [newUser()] }))
    expect(loadIdentities(window).active).toBe('returning')
  })
})
