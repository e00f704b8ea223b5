import { type GeolocationOptions, simulateGeolocation } from '../geolocation/simulateGeolocation.js'
import { createSimulator, type Simulator, type SimulatorOptions } from '../host/createSimulator.js'
import { createConsentDrawer } from '../ui/createConsentDrawer.js'

/** Configuration read from `window.__WORLDMAP_SIMULATOR__` by the script entry. */
export interface BrowserSimulatorConfig extends Omit<SimulatorOptions, 'window' | 'confirm'> {
  /** `interactive` asks in a sheet (dev); `scripted` answers from `behaviour` (tests). @default 'interactive' */
  mode?: 'interactive' | 'scripted'
  /** Simulated device location; `false` leaves the browser's own. */
  geolocation?: GeolocationOptions | false
}

/** What the script entry exposes as `window.worldmapSimulator`. */
export interface BrowserSimulator extends Simulator {
  geolocation: ReturnType<typeof simulateGeolocation> | undefined
}

/**
 * Start the simulator in this page unless it already runs inside World App.
 *
 * @returns the simulator, or `undefined` inside the real World App
 * @example
 * ```ts
 * startSimulator(window, { mode: 'scripted', os: 'android' })
 * ```
 */
export function startSimulator(win: Window, config: BrowserSimulatorConfig = {}): BrowserSimulator | undefined {
  const existing = (win as unknown as { worldmapSimulator?: BrowserSimulator }).worldmapSimulator
  if (existing) return existing
  // Inside the real app the host is already there: never shadow it.
  if ((win as unknown as { WorldApp?: unknown }).WorldApp) return undefined
  const { mode = 'interactive', geolocation, ...options } = config
  const simulator = createSimulator({
    ...options,
    window: win,
    ...(mode === 'interactive' ? { confirm: createConsentDrawer(win) } : {}),
  }) as BrowserSimulator
  simulator.geolocation = geolocation === false ? undefined : simulateGeolocation(win, geolocation ?? {})
  ;(win as unknown as { worldmapSimulator: BrowserSimulator }).worldmapSimulator = simulator
  return simulator
}
