import type { Plugin } from 'vite'
import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { readSimulatorScript } from '../node/readSimulatorScript.js'

const SCRIPT_PATH = '/@worldmap/simulator.js'
const NOTIFICATIONS_PATH = '/@worldmap/simulator/notifications'

/** Options of {@link worldAppSimulator} that stay on the dev server. */
export interface WorldAppSimulatorServerOptions {
  /**
   * The local send-notification stand-in (e.g. `http://127.0.0.1:8555`): the
   * dev server proxies its record at a same-origin path, which the page's
   * simulator polls to show what the backend sent its wallet.
   */
  notificationsUrl?: string | undefined
}

/**
 * Vite plugin: in `vite dev`, pages opened outside World App get the
 * simulator (interactive by default), so the app runs on a laptop. Inside
 * World App the real host is found and the simulator stays out of the way.
 * Never active in production builds. With `notificationsUrl` (the local
 * send-notification stand-in), the page's simulator shows the notifications
 * the backend sends its wallet, as World App's banners.
 *
 * @example
 * ```ts
 * // vite.config.ts
 * export default defineConfig({ plugins: [worldAppSimulator({ os: 'ios' }, { notificationsUrl: 'http://127.0.0.1:8555' })] })
 * ```
 */
export function worldAppSimulator(
  config: BrowserSimulatorConfig = {},
  serverOptions: WorldAppSimulatorServerOptions = {},
): Plugin {
  const upstream = serverOptions.notificationsUrl?.replace(/\/+$/, '')
  const pageConfig: BrowserSimulatorConfig = upstream ? { ...config, notifications: { feedUrl: NOTIFICATIONS_PATH } } : config
  return {
    name: 'worldmap:world-app-simulator',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(SCRIPT_PATH, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript')
        response.end(readSimulatorScript())
      })
      if (upstream) {
        // Same origin for the page (its CSP allows 'self'); only the record's GET is passed on.
        server.middlewares.use(NOTIFICATIONS_PATH, (request, response) => {
          const query = new URL(request.url ?? '/', 'http://dev.local').search
          fetch(`${upstream}/__worldmap/notifications${query}`)
            .then(async (answer) => {
              response.setHeader('Content-Type', 'application/json')
              response.end(await answer.text())
            })
            .catch(() => {
              response.statusCode = 502
              response.end('{"deliveries":[]}')
            })
        })
      }
    },
    transformIndexHtml() {
      return [
        { tag: 'script', children: `window.__WORLDMAP_SIMULATOR__ = ${JSON.stringify(pageConfig)}`, injectTo: 'head-prepend' },
        { tag: 'script', attrs: { src: SCRIPT_PATH }, injectTo: 'head-prepend' },
      ]
    },
  }
}
