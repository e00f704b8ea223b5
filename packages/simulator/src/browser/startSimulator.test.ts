import { afterEach, describe, expect, test } from 'vitest'
import { POSITION_STORAGE_KEY } from '../geolocation/simulateGeolocation.js'
import { defaultIdentities, identityOptions, type StoredIdentity, saveIdentities } from '../ui/identityStore.js'
import { createSimulatorWallet } from '../wallet/createSimulatorWallet.js'
import { type BrowserSimulator, startSimulator } from './startSimulator.js'

type Page = Window & { worldmapSimulator?: BrowserSimulator; WorldApp?: unknown; webkit?: unknown }
const page = window as Page
const panelHost = () => document.body.querySelector('worldmap-simulator-panel')

afterEach(() => {
  page.worldmapSimulator?.uninstall()
  page.worldmapSimulator?.geolocation?.restore()
  delete page.worldmapSimulator
  delete page.WorldApp
  delete page.webkit
  localStorage.clear()
})

describe('startSimulator', () => {
  test('default: interactive mode shows the developer panel and signs as the returning user', () => {
    const simulator = startSimulator(window)
    expect(panelHost()?.shadowRoot?.querySelector('.toggle')).not.toBeNull()
    expect(simulator?.panel).toBeDefined()
    expect(simulator?.wallet.address).toBe(createSimulatorWallet().address)
    expect(simulator?.permissions.notifications).toBe(true)
    simulator?.uninstall()
    expect(panelHost()).toBeNull()
  })

  test('behavior: the identity chosen in the panel is the one the next load uses', () => {
    const state = defaultIdentities()
    saveIdentities(window, { ...state, active: 'new' })
    const fresh = state.identities.find((identity) => identity.id === 'new') as StoredIdentity
    const simulator = startSimulator(window)
    expect(simulator?.wallet.address).toBe(createSimulatorWallet(identityOptions(fresh).privateKey).address)
    expect(simulator?.permissions).toEqual({ notifications: false, contacts: false, microphone: false })
  })

  test('behavior: interactive mode starts where the developer left the device', () => {
    localStorage.setItem(POSITION_STORAGE_KEY, JSON.stringify({ lat: 48.8584, lng: 2.2945 }))
    const simulator = startSimulator(window)
    expect(simulator?.geolocation?.current()).toEqual({ lat: 48.8584, lng: 2.2945 })
  })

  test('parameters: scripted mode has no panel, ignores saved identities and positions', () => {
    saveIdentities(window, { ...defaultIdentities(), active: 'new' })
    localStorage.setItem(POSITION_STORAGE_KEY, JSON.stringify({ lat: 48.8584, lng: 2.2945 }))
    const simulator = startSimulator(window, { mode: 'scripted' })
    expect(panelHost()).toBeNull()
    expect(simulator?.wallet.address).toBe(createSimulatorWallet().address)
    expect(simulator?.geolocation?.current()).not.toEqual({ lat: 48.8584, lng: 2.2945 })
  })

  test('parameters: a key in the config wins over the panel identity', () => {
    saveIdentities(window, { ...defaultIdentities(), active: 'new' })
    const privateKey = `0x${'11'.repeat(32)}` as const
    const simulator = startSimulator(window, { privateKey })
    expect(simulator?.wallet.address).toBe(createSimulatorWallet(privateKey).address)
  })
})
