// Script entry of the fast boot (dist/simulator.boot.js), used by the
// Playwright helper: installs the page-facing host at once and evaluates the
// full simulator's source (window.__WORLDMAP_SIMULATOR_SOURCE__, set just
// before this script) only when needed. See bootSimulator.
import { bootSimulator } from './bootSimulator.js'
import type { BootedHost, BrowserSimulatorConfig } from './startSimulator.js'

type BootGlobals = {
  __WORLDMAP_SIMULATOR__?: BrowserSimulatorConfig
  __WORLDMAP_SIMULATOR_SOURCE__?: string
  __worldmapSimulatorBoot?: { config: BrowserSimulatorConfig; booted: BootedHost }
}

const page = window as unknown as Window & BootGlobals
const config = page.__WORLDMAP_SIMULATOR__ ?? {}
const source = page.__WORLDMAP_SIMULATOR_SOURCE__
delete page.__WORLDMAP_SIMULATOR_SOURCE__
if (typeof source === 'string') {
  bootSimulator(window, config, (booted) => {
    page.__worldmapSimulatorBoot = { config, booted }
    // An inline script runs synchronously on insertion, in global scope, as the
    // <script> tag entry would.
    const script = document.createElement('script')
    script.textContent = source
    document.documentElement.appendChild(script)
    script.remove()
    // global.ts takes the handle first thing: still here means it never ran.
    if (page.__worldmapSimulatorBoot) {
      delete page.__worldmapSimulatorBoot
      throw new Error('the simulator script did not run (a Content-Security-Policy blocking inline scripts?)')
    }
  })
} else {
  console.error('[simulator] simulator.boot.js needs window.__WORLDMAP_SIMULATOR_SOURCE__ (use installSimulator)')
}
