// Script-tag entry (dist/simulator.global.js): starts the simulator as soon as
// it loads, configured by `window.__WORLDMAP_SIMULATOR__` if the page set it,
// or takes over the host the fast boot (simulator.boot.js) installed.
import { type BootedHost, type BrowserSimulatorConfig, startSimulator } from './startSimulator.js'

const page = window as unknown as {
  __WORLDMAP_SIMULATOR__?: BrowserSimulatorConfig
  __worldmapSimulatorBoot?: { config: BrowserSimulatorConfig; booted: BootedHost }
}
const boot = page.__worldmapSimulatorBoot
if (boot) {
  delete page.__worldmapSimulatorBoot
  startSimulator(window, boot.config, boot.booted)
} else {
  startSimulator(window, page.__WORLDMAP_SIMULATOR__)
}
