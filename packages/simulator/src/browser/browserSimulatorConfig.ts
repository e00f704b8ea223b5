// The page's simulator configuration, on its own: startSimulator and the
// geolocation it installs both read it, and startSimulator imports that.
import type { GeolocationOptions } from '../geolocation/simulateGeolocation.js'
import type { SimulatorOptions } from '../host/createSimulator.js'

/** Configuration read from `window.__WORLDMAP_SIMULATOR__` by the script entry. */
export interface BrowserSimulatorConfig extends Omit<SimulatorOptions, 'window' | 'confirm' | 'surface'> {
  /** `interactive` asks in a sheet (dev); `scripted` answers from `behaviour` (tests). @default 'interactive' */
  mode?: 'interactive' | 'scripted'
  /** Simulated device location; `false` leaves the browser's own. */
  geolocation?: GeolocationOptions | false
  /**
   * The developer panel (identities, position, wire log): shown in interactive
   * mode, never in scripted mode unless asked. @default mode === 'interactive'
   */
  panel?: boolean
  /**
   * Show the notifications the mini app's backend sends this wallet: the
   * simulator polls `feedUrl?wallet=…` (the local stack's send-notification
   * stand-in, `/__worldmap/notifications`, or a same-origin proxy of it) and
   * shows each new one as World App's banner; a tap opens its deep link.
   */
  notifications?: {
    feedUrl: string
    pollMs?: number
    /**
     * The local stack's "make this player due and run the streak nudge"
     * (`POST {wallet}`; the Vite plugin's same-origin route to it): the
     * developer panel then offers "Show streak reminder".
     */
    streakReminderUrl?: string
  }
}
