import { createHash } from 'node:crypto'
import type { MiddlewareHandler } from 'hono'
import { secureHeaders } from 'hono/secure-headers'
import { ClientConfigError } from '../lib/config/ClientConfigError.js'
import { type ClientEnv, readClientConfig } from '../lib/config/readClientConfig.js'
import { REPORTS_PATH } from '../lib/reporting/ClientReport.js'
import { EARLY_ERRORS_SCRIPT } from '../lib/reporting/earlyErrors.js'
import { getConnectOrigins } from './getConnectOrigins.js'

/** Options of {@link createSecurityHeaders}. */
export interface CreateSecurityHeadersOptions {
  /**
   * The client's public configuration (`PUBLIC_ENV__*`) exactly as the client
   * build has it: the policy allows the backends that configuration reaches.
   */
  publicEnv: ClientEnv
  /**
   * A production build: the strict policy and HSTS. `false` is `vike dev`,
   * whose HMR client, React refresh preamble and World App simulator need
   * inline scripts and styles and the dev server's websocket.
   */
  production: boolean
  /**
   * The origins avatars are served from (`WORLDMAP_AVATAR_ORIGINS`): the only
   * hosts besides the app's own that `img-src` allows. @default none
   */
  avatarOrigins?: readonly string[]
}

/**
 * The CSP source that allows the page's one inline script, the early-errors
 * hook (`EARLY_ERRORS_SCRIPT`, in `+Head.tsx`), and nothing else inline:
 * `'sha256-…'` of its exact text.
 *
 * @example
 * ```ts
 * earlyErrorsScriptHash() // "'sha256-…='"
 * ```
 */
export function earlyErrorsScriptHash(script = EARLY_ERRORS_SCRIPT): string {
  return `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`
}

/**
 * The backend origins for the page a request belongs to. The client decides
 * local mode from the page's host (emulators on a laptop or a dev tunnel,
 * real Firebase elsewhere), so the server resolves the same configuration for
 * the request's origin. One origin is remembered: a deployment serves one, so
 * this is a cache hit for every request but the first, and it stays bounded
 * whatever Host headers arrive.
 */
function createConnectSources(publicEnv: ClientEnv): (url: URL) => string {
  let last: { origin: string; sources: string } | undefined
  return (url) => {
    if (last?.origin === url.origin) return last.sources
    let sources = ''
    try {
      const config = readClientConfig(publicEnv, { hostname: url.hostname, origin: url.origin })
      sources = getConnectOrigins(config, url.origin).join(' ')
    } catch (error) {
      // A misconfigured build cannot reach its backends anyway (the client logs
      // the same ClientConfigError); the policy stays at 'self' rather than guessing.
      if (!(error instanceof ClientConfigError)) throw error
    }
    last = { origin: url.origin, sources }
    return sources
  }
}

/**
 * Hono's `secureHeaders` configured for the app, for every response the
 * server sends (pages, assets, API answers, errors, 404s):
 *
 * - `Content-Security-Policy`: scripts only from the app's origin, and the one
 *   inline script of ours, the early-errors hook, by its hash (Vike's inline
 *   `<script type="application/json">` page context is data, never executed,
 *   so no nonce is needed), `connect-src` exactly the configured backends
 *   (see {@link getConnectOrigins}), no framing, no plugins, no `<base>`;
 *   violations reported to `/api/reports` (`report-to csp` with its
 *   `Reporting-Endpoints`, and `report-uri`).
 * - `X-Content-Type-Options: nosniff`, `Referrer-Policy: strict-origin-when-cross-origin`,
 *   `Cross-Origin-Opener-Policy: same-origin`, `X-Frame-Options: DENY`,
 *   `Permissions-Policy` (geolocation for the app itself, nothing it does not use),
 *   and in production `Strict-Transport-Security`.
 *
 * @example
 * ```ts
 * const app = new Hono()
 * app.use(createSecurityHeaders({ publicEnv: { PUBLIC_ENV__APP_ID: 'app_123' }, production: true }))
 * ```
 */
export function createSecurityHeaders({
  publicEnv,
  production,
  avatarOrigins = [],
}: CreateSecurityHeadersOptions): MiddlewareHandler {
  const connectSources = createConnectSources(publicEnv)
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      // Vike and Vite emit no <base>; an injected one could re-point every relative script URL.
      baseUri: ["'none'"],
      objectSrc: ["'none'"],
      formAction: ["'self'"],
      // World App opens a mini app top-level in its own webview, never in a frame, so nobody
      // has a reason to frame the app: 'none' rules out clickjacking of the sign-in and the
      // collect buttons. (X-Frame-Options: DENY says the same to older webviews.)
      frameAncestors: ["'none'"],
      // Production: the module entry and its chunks, all files of our origin, and the early-errors
      // hook by its hash. In dev, Vite's React refresh preamble and the simulator's config are
      // inline scripts: no hash there, a browser ignores 'unsafe-inline' beside one.
      scriptSrc: production ? ["'self'", earlyErrorsScriptHash()] : ["'self'", "'unsafe-inline'"],
      // React renders `style` attributes (the safe-area insets, avatar sizes) into the
      // server HTML; without 'unsafe-inline' the browser ignores them, and hydration leaves
      // the attributes it finds as they are. CSP 3 browsers read style-src-elem for <style>
      // and <link> elements, so only attributes are inline there; a CSP 2 webview falls back
      // to style-src and keeps working. In dev Vite injects CSS as <style> elements.
      styleSrc: ["'self'", "'unsafe-inline'"],
      ...(production ? { styleSrcElem: ["'self'"] } : {}),
      // data: for the empty favicon, the drop art and MapLibre's inline images, blob: for the
      // sprites it decodes; avatars only from the configured avatar origins (World's usernames
      // CDN). Not `https:`: every viewer loads the top 50's avatars, and an image from any host
      // tells that host each viewer's IP and viewing time (issue 22).
      imgSrc: ["'self'", 'data:', 'blob:', ...avatarOrigins],
      // MapLibre's worker is a file of ours (setWorkerUrl), started as a module worker.
      workerSrc: ["'self'"],
      connectSrc: [
        "'self'",
        (c) => {
          const url = new URL(c.req.url)
          const backends = connectSources(url)
          if (production) return backends
          // Vite's HMR client talks to the dev server over a websocket on the page's host.
          const scheme = url.protocol === 'https:' ? 'wss:' : 'ws:'
          return `${scheme}//${url.host}${backends ? ` ${backends}` : ''}`
        },
      ],
      // Violations go to the app server's report route, also those no page script sees (before it
      // runs, in a worker): report-to for browsers with the Reporting API, report-uri for the rest.
      reportTo: 'csp',
      reportUri: [REPORTS_PATH],
    },
    reportingEndpoints: [{ name: 'csp', url: REPORTS_PATH }],
    xFrameOptions: 'DENY',
    // Firebase web API keys are commonly restricted by HTTP referrer: cross-origin calls keep
    // the origin (never the path or query), same-origin ones the full URL.
    referrerPolicy: 'strict-origin-when-cross-origin',
    // Only over HTTPS does a browser honour it; a plain-HTTP local run ignores it. Never in
    // dev, so a laptop's localhost is not pinned to HTTPS.
    strictTransportSecurity: production ? 'max-age=31536000; includeSubDomains' : false,
    crossOriginOpenerPolicy: 'same-origin',
    // Only features Chromium knows: an unknown one costs a console warning on every page.
    permissionsPolicy: {
      // The map and the drops near the player.
      geolocation: ['self'],
      // The profile's "copy wallet address".
      clipboardWrite: ['self'],
      clipboardRead: [],
      camera: [],
      microphone: [],
      // Payments go through World App's pay command, not the Payment Request API.
      payment: [],
      usb: [],
      serial: [],
      hid: [],
      midi: [],
      displayCapture: [],
      accelerometer: [],
      gyroscope: [],
      magnetometer: [],
    },
  })
}
