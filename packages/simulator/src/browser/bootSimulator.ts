import { installHostSurface } from '../host/hostSurface.js'
import { browserGeolocation } from './browserGeolocation.js'
import type { BootedHost, BrowserSimulator, BrowserSimulatorConfig } from './startSimulator.js'

type BootPage = Window & { WorldApp?: unknown; worldmapSimulator?: BrowserSimulator }

/**
 * Install the part of the simulator a page can see before its first script
 * runs — `window.WorldApp`, the message handler, simulated geolocation — and
 * load the rest (wallet, World ID, contract checks: most of the simulator's
 * code) only when it is needed: when the page is idle after its first
 * message, or at once when something reads `window.worldmapSimulator`.
 *
 * Why: the real World App injects a few hundred bytes and answers on a
 * native thread, so a mini app's start-up never pays for the host. Evaluating
 * the whole simulator before the page would charge the app for it (about
 * 150 ms on a throttled phone profile). Messages sent before the simulator
 * loads are queued and replayed in order; replies are asynchronous anyway.
 *
 * @param loadFull  evaluates the full simulator, which must call
 *   `startSimulator(win, config, booted)` with the host handed to it
 * @returns false inside World App (nothing is installed), else true
 * @example
 * ```ts
 * bootSimulator(window, { mode: 'scripted' }, (booted) => startSimulator(window, { mode: 'scripted' }, booted))
 * ```
 */
export function bootSimulator(win: Window, config: BrowserSimulatorConfig, loadFull: (booted: BootedHost) => void): boolean {
  const page = win as BootPage
  // Inside the real app the host is already there: never shadow it.
  if (page.WorldApp || page.worldmapSimulator) return false

  const queue: unknown[] = []
  let receiver: ((raw: unknown) => void) | undefined
  let state: 'waiting' | 'scheduled' | 'loaded' = 'waiting'

  const load = () => {
    if (state === 'loaded') return
    state = 'loaded'
    try {
      loadFull(booted)
    } catch (error) {
      console.error('[simulator] the full simulator failed to load; commands stay unanswered', error)
    }
  }
  const scheduleLoad = () => {
    if (state !== 'waiting') return
    state = 'scheduled'
    // After the page's own start-up work, as a native host would answer; at most 1 s later.
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(load, { timeout: 1_000 })
    else win.setTimeout(load, 0)
  }

  const remove = installHostSurface(win, config, (raw) => {
    if (receiver) return receiver(raw)
    queue.push(raw)
    scheduleLoad()
  })
  const geolocation = browserGeolocation(win, config)
  const booted: BootedHost = {
    surface: {
      connect(receive) {
        receiver = receive
        for (const raw of queue.splice(0)) receive(raw)
        return remove
      },
    },
    geolocation,
  }

  // A developer at the keyboard wants the panel without the app sending anything first.
  if ((config.mode ?? 'interactive') === 'interactive' && config.panel !== false) scheduleLoad()

  // Reading the simulator (a test, the console) needs it now: load synchronously.
  // startSimulator's assignment replaces this accessor with the real value.
  Object.defineProperty(win, 'worldmapSimulator', {
    configurable: true,
    enumerable: true,
    get() {
      load()
      const own = Object.getOwnPropertyDescriptor(win, 'worldmapSimulator')
      return own && 'value' in own ? own.value : undefined
    },
    set(value: BrowserSimulator) {
      Object.defineProperty(win, 'worldmapSimulator', { configurable: true, enumerable: true, writable: true, value })
    },
  })
  return true
}
