import { type SimulatedGeolocation, simulateGeolocation } from '../geolocation/simulateGeolocation.js'
import type { BrowserSimulatorConfig } from './browserSimulatorConfig.js'

/**
 * Simulated geolocation as the browser entries set it up: in interactive mode
 * (a developer at the keyboard) the position survives a reload unless the
 * config fixes a start or a route; scripted runs always start where told.
 *
 * @example
 * ```ts
 * const geolocation = browserGeolocation(window, { mode: 'interactive' })
 * ```
 */
export function browserGeolocation(
  win: Window,
  config: Pick<BrowserSimulatorConfig, 'mode' | 'geolocation'>,
): SimulatedGeolocation | undefined {
  if (config.geolocation === false) return undefined
  return simulateGeolocation(win, { remember: (config.mode ?? 'interactive') === 'interactive', ...config.geolocation })
}
