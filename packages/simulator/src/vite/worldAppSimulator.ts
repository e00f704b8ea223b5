import type { Plugin } from 'vite'
import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { readSimulatorScript } from '../node/readSimulatorScript.js'

const SCRIPT_PATH = '/@worldmap/simulator.js'

/**
 * Vite plugin: in `vite dev`, pages opened outside World App get the
 * simulator (interactive by default), so the app runs on a laptop. Inside
 * World App the real host is found and the simulator stays out of the way.
 * Never active in production builds.
 *
 * @example
 * ```ts
 * // vite.config.ts
 * export default defineConfig({ plugins: [worldAppSimulator({ os: 'ios' })] })
 * ```
 */
export function worldAppSimulator(config: BrowserSimulatorConfig = {}): Plugin {
  return {
    name: 'worldmap:world-app-simulator',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(SCRIPT_PATH, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript')
        response.end(readSimulatorScript())
      })
    },
    transformIndexHtml() {
      return [
        { tag: 'script', children: `window.__WORLDMAP_SIMULATOR__ = ${JSON.stringify(config)}`, injectTo: 'head-prepend' },
        { tag: 'script', attrs: { src: SCRIPT_PATH }, injectTo: 'head-prepend' },
      ]
    },
  }
}
