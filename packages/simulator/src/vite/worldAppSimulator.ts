import type { IncomingMessage } from 'node:http'
import type { Plugin } from 'vite'
import type { BrowserSimulatorConfig } from '../browser/startSimulator.js'
import { forgetSimulatorScripts, readSimulatorScript } from '../node/readSimulatorScript.js'
import { recoverAfterBuilds } from './recoverAfterBuilds.js'

const SCRIPT_PATH = '/@worldmap/simulator.js'
const NOTIFICATIONS_PATH = '/@worldmap/simulator/notifications'
const STREAK_REMINDER_PATH = '/@worldmap/simulator/streak-reminder'

/** Options of {@link worldAppSimulator} that stay on the dev server. */
export interface WorldAppSimulatorServerOptions {
  /**
   * The local send-notification stand-in (e.g. `http://127.0.0.1:8555`): the
   * dev server proxies its record at a same-origin path, which the page's
   * simulator polls to show what the backend sent its wallet.
   */
  notificationsUrl?: string | undefined
  /**
   * Keep working while the workspace packages the app links (this simulator
   * included) are rebuilt: once a build goes quiet, the server drops its
   * modules and reloads open pages (see `recoverAfterBuilds`). @default true
   */
  recoverAfterBuilds?: boolean
}

const refuse = (status: number, message: string) => ({ status, body: JSON.stringify({ shown: false, message }) })

/**
 * The panel's "Show streak reminder", passed to the stand-in's hook: a POST
 * of `{wallet}` from the page itself. A page of another origin (any site the
 * developer visits can post to localhost) is refused before anything is sent.
 */
async function forwardStreakReminder(request: IncomingMessage, upstream: string): Promise<{ status: number; body: string }> {
  if (request.method !== 'POST') return refuse(405, 'POST only')
  const origin = request.headers.origin
  const site = request.headers['sec-fetch-site']
  if ((origin && (!URL.canParse(origin) || new URL(origin).host !== request.headers.host)) || (site && site !== 'same-origin')) {
    return refuse(403, 'Only the page this server serves may ask for a streak reminder.')
  }
  if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) return refuse(415, 'JSON only')
  let text = ''
  for await (const chunk of request) {
    text += chunk
    if (text.length > 1_000) return refuse(413, 'too large')
  }
  try {
    const answer = await fetch(`${upstream}/__worldmap/streak-reminder`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: text,
    })
    return { status: answer.status, body: await answer.text() }
  } catch {
    return refuse(502, 'The local stack did not answer: is pnpm dev running?')
  }
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
  const pageConfig: BrowserSimulatorConfig = upstream
    ? { ...config, notifications: { feedUrl: NOTIFICATIONS_PATH, streakReminderUrl: STREAK_REMINDER_PATH } }
    : config
  return {
    name: 'worldmap:world-app-simulator',
    apply: 'serve',
    configureServer(server) {
      if (serverOptions.recoverAfterBuilds !== false) {
        const stop = recoverAfterBuilds(server, { onReset: forgetSimulatorScripts })
        server.httpServer?.once('close', stop)
      }
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
        server.middlewares.use(STREAK_REMINDER_PATH, (request, response) => {
          void forwardStreakReminder(request, upstream).then(({ status, body }) => {
            response.statusCode = status
            response.setHeader('Content-Type', 'application/json')
            response.end(body)
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
