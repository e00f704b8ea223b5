import { type GeolocationOptions, simulateGeolocation } from '../geolocation/simulateGeolocation.js'
import { createSimulator, type Simulator, type SimulatorOptions } from '../host/createSimulator.js'
import { createConsentDrawer } from '../ui/createConsentDrawer.js'

/** Configuration read from `window.__WORLDMAP_SIMULATOR__` by the script entry. */
export interface BrowserSimulatorConfig extends Omit<SimulatorOptions, 'window' | 'confirm' | 'surface'> {
  /** `interactive` asks in a sheet (dev); `scripted` answers from `behaviour` (tests). @default 'interactive' */
  mode?: 'interactive' | 'scripted'
  /** Simulated device location; `false` leaves the browser's own. */
  geolocation?: GeolocationOptions | false
}

/** What the script entry exposes as `window.worldmapSimulator`. */
export interface BrowserSimulator extends Simulator {
  geolocation: ReturnType<typeof simulateGeolocation> | undefined
}

/** What `bootSimulator` already put in the page before the full simulator loaded. */
export interface BootedHost {
  surface: NonNullable<SimulatorOptions['surface']>
  geolocation: ReturnType<typeof simulateGeolocation> | undefined
}

/**
 * Start the simulator in this page unless it already runs inside World App.
 *
 * @param booted  the host surface and geolocation `bootSimulator` installed, to take over
 * @returns the simulator, or `undefined` inside the real World App
 * @example
 * ```ts
 * startSimulator(window, { mode: 'scripted', os: 'android' })
 * ```
 */
export function startSimulator(
  win: Window,
  config: BrowserSimulatorConfig = {},
  booted?: BootedHost,
): BrowserSimulator | undefined {
  const page = win as unknown as { worldmapSimulator?: BrowserSimulator; WorldApp?: unknown }
  if (!booted) {
    if (page.worldmapSimulator) return page.worldmapSimulator
    // Inside the real app the host is already there: never shadow it.
    if (page.WorldApp) return undefined
  }
  const { mode = 'interactive', geolocation, ...options } = config
  const simulator = createSimulator({
    ...options,
    window: win,
    ...(booted ? { surface: booted.surface } : {}),
    ...(mode === 'interactive' ? { confirm: createConsentDrawer(win) } : {}),
  }) as BrowserSimulator
  simulator.geolocation = booted
    ? booted.geolocation
    : geolocation === false
      ? undefined
      : simulateGeolocation(win, geolocation ?? {})
  page.worldmapSimulator = simulator
  return simulator
}
