// Script-tag entry (dist/simulator.global.js): starts the simulator as soon as
// it loads, configured by `window.__WORLDMAP_SIMULATOR__` if the page set it.
import { type BrowserSimulatorConfig, startSimulator } from './startSimulator.js'

const config = (window as unknown as { __WORLDMAP_SIMULATOR__?: BrowserSimulatorConfig }).__WORLDMAP_SIMULATOR__
startSimulator(window, config)
