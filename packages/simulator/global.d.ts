// Types for the script entry (`@worldmap/simulator/global`): it starts the
// simulator as a side effect and exposes it on `window`.
import type { BrowserSimulator, BrowserSimulatorConfig } from './dist/exports/index.js'

declare global {
  interface Window {
    /** Read by the script entry before it starts the simulator. */
    __WORLDMAP_SIMULATOR__?: BrowserSimulatorConfig
    /** The running simulator (received messages, replies, wallet, geolocation). */
    worldmapSimulator?: BrowserSimulator
  }
}
