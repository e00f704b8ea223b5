import { afterEach, describe, expect, test, vi } from 'vitest'
import { POSITION_STORAGE_KEY, simulateGeolocation } from '../geolocation/simulateGeolocation.js'
import type { ReceivedMessage, SentReply } from '../host/createSimulator.js'
import { createDevPanel, type DevPanel } from './createDevPanel.js'
import { defaultIdentities, IDENTITY_STORAGE_KEY, type IdentityState } from './identityStore.js'

const wallet = { address: '0x1234567890abcdef1234567890abcdef12345678' } as never
let panel: DevPanel | undefined
let geo: ReturnType<typeof simulateGeolocation> | undefined

afterEach(() => {
  panel?.destroy()
  geo?.restore()
  panel = undefined
  geo = undefined
  localStorage.clear()
})

function mount(
  options: { identities?: IdentityState; onSwitch?: (state: IdentityState) => void; streakReminder?: () => Promise<string> } = {},
) {
  const simulator = { received: [] as ReceivedMessage[], replies: [] as SentReply[], wallet }
  geo = simulateGeolocation(window, { position: { lat: 1.3, lng: 103.8 }, remember: true })
  panel = createDevPanel(window, { simulator, geolocation: geo, ...options })
  const root = document.body.querySelector('worldmap-simulator-panel')?.shadowRoot as ShadowRoot
  return { simulator, root }
}
const here = () => {
  if (!geo) throw new Error('no simulated geolocation')
  return geo.current()
}
const key = (target: Element, init: KeyboardEventInit) =>
  target.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init }))

describe('createDevPanel', () => {
  test('default: only a 44 px toggle shows; it opens a labelled panel with three tabs, Escape closes it', () => {
    const { root } = mount()
    const toggle = root.querySelector('.toggle') as HTMLButtonElement
    const dialog = root.querySelector('.panel') as HTMLElement
    expect(dialog.hidden).toBe(true)
    expect(root.querySelector('style')?.textContent).toContain(
      '.toggle{position:fixed;right:0;top:38%;z-index:2147483646;width:44px;height:44px',
    )
    toggle.click()
    expect(dialog.hidden).toBe(false)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(dialog.getAttribute('aria-labelledby')).toBe('panel-title')
    expect([...root.querySelectorAll('[role="tab"]')].map((tab) => tab.textContent)).toEqual(['Identity', 'Position', 'Log'])
    key(dialog, { key: 'Escape' })
    expect(dialog.hidden).toBe(true)
    expect(root.activeElement).toBe(toggle)
  })

  test('behavior: switching identity saves the choice and applies it', () => {
    const onSwitch = vi.fn()
    const { root } = mount({ identities: defaultIdentities(), onSwitch })
    panel?.open('identity')
    const use = root.querySelector('[aria-label="Use New user"]') as HTMLButtonElement
    use.click()
    expect(onSwitch).toHaveBeenCalledWith(expect.objectContaining({ active: 'new' }))
    expect(JSON.parse(localStorage.getItem(IDENTITY_STORAGE_KEY) ?? '{}').active).toBe('new')
    // The panel now shows the new user in use.
    expect(root.querySelector('.badge')?.closest('.identity')?.textContent).toContain('New user')
  })

  test('behavior: adding a user keeps the active one', () => {
    const { root } = mount({ identities: defaultIdentities(), onSwitch: vi.fn() })
    ;[...root.querySelectorAll('button')].find((button) => button.textContent === 'Add a new user')?.click()
    const saved = JSON.parse(localStorage.getItem(IDENTITY_STORAGE_KEY) ?? '{}')
    expect(saved.active).toBe('returning')
    expect(saved.identities).toHaveLength(3)
  })

  test('behavior: arrow keys move the position 10 m (Shift: 100 m), inputs jump to a point, and it is remembered', () => {
    const { root } = mount()
    panel?.open('position')
    const map = root.querySelector('svg') as SVGElement
    key(map, { key: 'ArrowUp' })
    expect((here().lat - 1.3) * 111_320).toBeCloseTo(10, 5)
    key(map, { key: 'ArrowRight', shiftKey: true })
    expect((here().lng - 103.8) * 111_320 * Math.cos((1.3 * Math.PI) / 180)).toBeCloseTo(100, 0)
    const lat = root.querySelector('input[name="latitude"]') as HTMLInputElement
    const lng = root.querySelector('input[name="longitude"]') as HTMLInputElement
    lat.value = '48.8584'
    lng.value = '2.2945'
    ;[...root.querySelectorAll('button')].find((button) => button.textContent === 'Move')?.click()
    expect(here()).toEqual({ lat: 48.8584, lng: 2.2945 })
    expect(JSON.parse(localStorage.getItem(POSITION_STORAGE_KEY) ?? '{}')).toEqual({ lat: 48.8584, lng: 2.2945 })
    expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe('48.858400, 2.294500')
  })

  test('behavior: dragging on the mini-map moves the position to the point under the pointer', () => {
    const { root } = mount()
    panel?.open('position')
    const map = root.querySelector('svg') as SVGElement
    // The map is 240 px for 400 m, centred on the position: 24 px right is 40 m east.
    map.dispatchEvent(new PointerEvent('pointerdown', { clientX: 144, clientY: 120, pointerId: 1 }))
    map.dispatchEvent(new PointerEvent('pointermove', { clientX: 144, clientY: 96, pointerId: 1 }))
    map.dispatchEvent(new PointerEvent('pointerup', { pointerId: 1 }))
    map.dispatchEvent(new PointerEvent('pointermove', { clientX: 0, clientY: 0, pointerId: 1 }))
    const now = here()
    expect((now.lat - 1.3) * 111_320).toBeCloseTo(40, 3)
    expect((now.lng - 103.8) * 111_320 * Math.cos((1.3 * Math.PI) / 180)).toBeCloseTo(40, 3)
    expect(root.querySelector('circle')?.getAttribute('cx')).toBe('144.0')
  })

  test('error: coordinates out of range are refused with a hint', () => {
    const { root } = mount()
    const lat = root.querySelector('input[name="latitude"]') as HTMLInputElement
    lat.value = '123'
    ;[...root.querySelectorAll('button')].find((button) => button.textContent === 'Move')?.click()
    expect(here()).toEqual({ lat: 1.3, lng: 103.8 })
    expect(root.querySelector('[aria-live="polite"]')?.textContent).toBe('Latitude −90…90, longitude −180…180')
  })

  test('behavior: the log lists every message and reply, expandable, and clears', () => {
    const { simulator, root } = mount()
    simulator.received.push({ command: 'pay', version: 1, payload: { reference: 'r' }, raw: {} })
    simulator.replies.push({ event: 'miniapp-payment', payload: { status: 'error', error_code: 'user_rejected', version: 1 } })
    const entries = [...root.querySelectorAll('.log summary')].map((summary) => summary.textContent?.slice(13))
    expect(entries).toEqual(['→ pay v1 {"reference":"r"}', '← pay v1 error user_rejected'])
    expect(root.querySelector('.log summary.err')).not.toBeNull()
    expect(JSON.parse(root.querySelector('.log pre')?.textContent ?? '')).toEqual({ reference: 'r' })
    // The simulator's own record is untouched by the panel.
    expect(simulator.received).toHaveLength(1)
    ;[...root.querySelectorAll('button')].find((button) => button.textContent === 'Clear log')?.click()
    expect(root.querySelectorAll('.log li')).toHaveLength(0)
    expect(simulator.received).toHaveLength(1)
  })

  test('behavior: Show streak reminder asks once per press and says what the stack answered, or that it did not', async () => {
    const answers = [
      () => Promise.resolve('Sent: "Keep your 3-day streak" is on its way.'),
      () => Promise.reject(new Error('down')),
    ]
    const streakReminder = vi.fn(() => (answers.shift() as () => Promise<string>)())
    const { root } = mount({ streakReminder })
    ;(root.querySelector('.toggle') as HTMLButtonElement).click()
    const button = [...root.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Show streak reminder')
    const status = () => root.querySelector('[role="status"]')?.textContent
    button?.click()
    expect(button?.disabled).toBe(true)
    await vi.waitFor(() => expect(status()).toBe('Sent: "Keep your 3-day streak" is on its way.'))
    expect(button?.disabled).toBe(false)
    button?.click()
    await vi.waitFor(() => expect(status()).toBe('The local stack did not answer: is pnpm dev running?'))
    expect(streakReminder).toHaveBeenCalledTimes(2)
  })

  test('default: without the local stack there is no streak reminder button', () => {
    const { root } = mount()
    expect([...root.querySelectorAll('button')].map((button) => button.textContent)).not.toContain('Show streak reminder')
  })
})
