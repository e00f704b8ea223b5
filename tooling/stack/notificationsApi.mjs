// The local stack's stand-in for the World Developer Portal's send-notification
// API (POST /api/v2/minikit/send-notification), so the streak-at-risk nudges
// run locally end to end without the internet: it checks a request the way the
// portal does (bearer key, app id, the strict body, the title and message
// limits, the 40-per-4-hours allowance of an unverified app when asked to),
// records what it accepted, and answers in the portal's shapes. The simulator
// reads the record to show a notification as World App would.
//
// Test hooks, like the local chain's `worldmap_setUnreachable` (never on the
// real portal): under /__worldmap/ — read or clear what was sent, make the
// next N requests fail with 503/429/500, pause the app, or say a wallet has
// not granted WorldMap notifications. docs/deploy.md lists what it does not model.

import { createServer } from 'node:http'

/** The send route, as on developer.worldcoin.org. */
export const SEND_PATH = '/api/v2/minikit/send-notification'
/** Languages the portal takes in `localisations` (the ones WorldMap sends, and the portal's other common ones). */
export const PORTAL_LANGUAGES = Object.freeze([
  'en',
  'es',
  'pt',
  'id',
  'fr',
  'de',
  'it',
  'ja',
  'ko',
  'zh',
  'th',
  'ms',
  'pl',
  'ca',
  'hi',
  'ar',
  'tr',
  'vi',
  'ru',
  'nl',
])
/** The portal's limits. */
export const LIMITS = Object.freeze({ wallets: 1000, title: 30, message: 200, usernameTitleRest: 16, window: 4 * 3_600_000 })

const BODY_KEYS = ['app_id', 'wallet_addresses', 'localisations', 'mini_app_path']
const LOCALISATION_KEYS = ['language', 'title', 'message']
const WALLET = /^0x[0-9a-fA-F]{40}$/
// biome-ignore lint/suspicious/noTemplateCurlyInString: the portal's literal placeholder, which World App fills in
const USERNAME = '${username}'

/**
 * A refusal in the portal's shape.
 *
 * @param {number} status @param {string} code @param {string} detail @param {string | null} [attribute]
 */
const refusal = (status, code, detail, attribute = null) => ({ status, body: { code, detail, attribute } })

/**
 * The first problem of a localisation, or null.
 *
 * @param {unknown} value
 * @param {number} index
 * @returns {[string, string] | null}
 */
function localisationProblem(value, index) {
  const at = `localisations[${index}]`
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [at, 'must be an object']
  const entry = /** @type {{ language?: unknown, title?: unknown, message?: unknown }} */ (value)
  const extra = Object.keys(entry).find((key) => !LOCALISATION_KEYS.includes(key))
  if (extra) return [`${at}.${extra}`, 'unrecognized key']
  if (!PORTAL_LANGUAGES.includes(/** @type {string} */ (entry.language))) return [`${at}.language`, 'unsupported language']
  if (typeof entry.title !== 'string' || entry.title.length === 0) return [`${at}.title`, 'required']
  if (entry.title.length > LIMITS.title) return [`${at}.title`, `at most ${LIMITS.title} characters`]
  if (entry.title.includes(USERNAME) && entry.title.replace(USERNAME, '').length > LIMITS.usernameTitleRest) {
    return [`${at}.title`, `with \${username}, the rest at most ${LIMITS.usernameTitleRest} characters`]
  }
  if (typeof entry.message !== 'string' || entry.message.length === 0) return [`${at}.message`, 'required']
  if (entry.message.length > LIMITS.message) return [`${at}.message`, `at most ${LIMITS.message} characters`]
  return null
}

/**
 * The first problem of a send-notification body as the portal's strict schema sees it, or `null`.
 *
 * @param {unknown} value the body
 * @param {string} appId the app the key belongs to
 * @returns {{ status: number, body: { code: string, detail: string, attribute: string | null } } | null}
 * @example
 * validateSendBody({ app_id: 'app_x' }, 'app_x') // 400 validation_error, attribute 'wallet_addresses'
 */
export function validateSendBody(value, appId) {
  /** @param {string | null} attribute @param {string} detail */
  const invalid = (attribute, detail) => refusal(400, 'validation_error', detail, attribute)
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return invalid(null, 'the body must be a JSON object')
  const body = /** @type {{ [key: string]: unknown, localisations?: unknown, mini_app_path?: unknown }} */ (value)
  const extra = Object.keys(body).find((key) => !BODY_KEYS.includes(key))
  if (extra) return invalid(extra, 'unrecognized key')
  if (typeof body.app_id !== 'string') return invalid('app_id', 'required')
  if (body.app_id !== appId) return refusal(403, 'invalid_app', 'the API key does not belong to this app', 'app_id')
  const wallets = body.wallet_addresses
  if (!Array.isArray(wallets) || wallets.length < 1 || wallets.length > LIMITS.wallets) {
    return invalid('wallet_addresses', `1 to ${LIMITS.wallets} addresses`)
  }
  const badWallet = wallets.findIndex((wallet) => typeof wallet !== 'string' || wallet.length !== 42 || !WALLET.test(wallet))
  if (badWallet >= 0) return invalid(`wallet_addresses[${badWallet}]`, 'must be a 42-character address')
  if (!Array.isArray(body.localisations) || body.localisations.length === 0) return invalid('localisations', 'required')
  const localisations = /** @type {Array<{ language?: unknown }>} */ (body.localisations)
  for (const [index, entry] of localisations.entries()) {
    const problem = localisationProblem(entry, index)
    if (problem) return invalid(problem[0], problem[1])
  }
  if (!localisations.some((entry) => entry.language === 'en')) return invalid('localisations', 'must include en')
  const link = typeof body.mini_app_path === 'string' && URL.canParse(body.mini_app_path) ? new URL(body.mini_app_path) : null
  const linkOk =
    link !== null &&
    link.protocol === 'worldapp:' &&
    link.host === 'mini-app' &&
    link.searchParams.get('app_id') === appId &&
    (link.searchParams.get('path') ?? '/').startsWith('/')
  if (!linkOk) return invalid('mini_app_path', `must be worldapp://mini-app?app_id=${appId}&path=<url-encoded path>`)
  return null
}

/**
 * @param {import('node:http').ServerResponse} response
 * @param {number} status
 * @param {unknown} body
 * @param {Record<string, string>} [headers]
 */
const json = (response, status, body, headers = {}) => {
  response.writeHead(status, { 'content-type': 'application/json', 'access-control-allow-origin': '*', ...headers })
  response.end(JSON.stringify(body))
}

/** @param {import('node:http').IncomingMessage} request */
async function readJson(request) {
  /** @type {Buffer[]} */
  const chunks = []
  let size = 0
  for await (const chunk of request) {
    size += chunk.length
    if (size > 1_000_000) throw new Error('too large')
    chunks.push(chunk)
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || 'null')
}

/**
 * A send-notification body that passed {@link validateSendBody}.
 *
 * @typedef {{ app_id: string, wallet_addresses: string[], localisations: Array<{ language: string, title: string, message: string }>,
 *   mini_app_path: string }} SendBody
 */

/** @typedef {Record<string, (body: unknown) => Promise<{ status: number, body: unknown }>>} DevHooks */

/**
 * @typedef {{ at: number, walletAddress: string, sent: boolean, reason?: string, title: string, message: string,
 *   localisations: Array<{ language: string, title: string, message: string }>, miniAppPath: string, path: string }} Delivery
 */

/**
 * The stand-in's state and its answer to one send request (exported for unit tests; the server wraps it).
 *
 * @param {{ apiKey: string, appId: string, unverifiedLimit?: number | null, now?: () => number }} options
 *   `unverifiedLimit`: notifications an unverified app may send per 4 hours (the portal's 40); `null`: no limit (a verified app)
 * @example
 * const portal = createNotificationsPortal({ apiKey: 'k', appId: 'app_x', unverifiedLimit: 40 })
 * portal.send('Bearer k', body) // { status: 200, body: { success: true, … } }
 */
export function createNotificationsPortal({ apiKey, appId, unverifiedLimit: initialLimit = null, now = Date.now }) {
  let unverifiedLimit = initialLimit
  /** @type {Delivery[]} */
  const deliveries = []
  /** @type {number[]} times of counted notifications, for the 4-hour allowance */
  const counted = []
  /** @type {number[]} statuses the next requests answer with */
  const failures = []
  const denied = new Set()
  let paused = false
  /**
   * @param {string | undefined} authorization
   * @param {unknown} value the request's JSON body
   */
  const send = (authorization, value) => {
    const failure = failures.shift()
    if (failure) return { status: failure, body: { code: 'internal_error', detail: 'injected failure', attribute: null } }
    if (!authorization) return refusal(401, 'unauthorized', 'an API key is required')
    if (authorization !== `Bearer ${apiKey}`) return refusal(403, 'invalid_api_key', 'the API key is not valid')
    const problem = validateSendBody(value, appId)
    if (problem) return problem
    // Valid: the shape validateSendBody checked.
    const body = /** @type {SendBody} */ (value)
    if (paused) return refusal(400, 'paused', 'notifications are paused: too few were opened')
    const time = now()
    while (counted.length > 0 && /** @type {number} */ (counted[0]) <= time - LIMITS.window) counted.shift()
    if (unverifiedLimit !== null && counted.length + body.wallet_addresses.length > unverifiedLimit) {
      return refusal(400, 'unverified_app_limit_reached', `unverified apps may send ${unverifiedLimit} notifications per 4 hours`)
    }
    const english = /** @type {SendBody['localisations'][number]} */ (body.localisations.find((entry) => entry.language === 'en'))
    const path = new URL(body.mini_app_path).searchParams.get('path') ?? '/'
    const result = body.wallet_addresses.map((walletAddress) => {
      const sent = !denied.has(walletAddress.toLowerCase())
      if (sent) counted.push(time)
      const reason = sent ? undefined : 'user has not granted notification permission'
      deliveries.push({
        at: time,
        walletAddress,
        sent,
        ...(reason ? { reason } : {}),
        title: english.title,
        message: english.message,
        localisations: body.localisations,
        miniAppPath: body.mini_app_path,
        path,
      })
      return { walletAddress, sent, ...(reason ? { reason } : {}) }
    })
    return { status: 200, body: { success: true, status: 200, result } }
  }
  return {
    send,
    /** @param {string} [wallet] only this wallet's (any case) */
    deliveries: (wallet) => deliveries.filter((entry) => !wallet || entry.walletAddress.toLowerCase() === wallet.toLowerCase()),
    clear: () => {
      deliveries.length = 0
      counted.length = 0
    },
    /** The next `times` requests answer `status` (503, 429, 500…) before anything else is checked. */
    /** @param {number} status */
    fail: (status, times = 1) => failures.push(...Array.from({ length: times }, () => status)),
    /** @param {boolean} value */
    setPaused: (value) => {
      paused = value
    },
    /** @param {number | null} limit notifications per 4 hours, `null` for none (a verified app) */
    setLimit: (limit) => {
      unverifiedLimit = limit
    },
    /** @param {string} wallet @param {boolean} granted */
    setPermission: (wallet, granted) => (granted ? denied.delete(wallet.toLowerCase()) : denied.add(wallet.toLowerCase())),
  }
}

/**
 * The /__worldmap/ test hooks, and the stack's own (`devHooks`, e.g. `POST streak-reminder`).
 *
 * @param {ReturnType<typeof createNotificationsPortal>} portal
 * @param {import('node:http').IncomingMessage} request
 * @param {URL} url
 * @param {import('node:http').ServerResponse} response
 * @param {DevHooks} [devHooks]
 */
async function hook(portal, request, url, response, devHooks = {}) {
  const route = `${request.method} ${url.pathname.slice('/__worldmap/'.length)}`
  const devHook = Object.hasOwn(devHooks, route) ? devHooks[route] : undefined
  if (devHook) {
    // JSON only: a form or text/plain POST from any web page would reach here without a CORS preflight.
    if (!String(request.headers['content-type'] ?? '').startsWith('application/json')) {
      return json(response, 415, { code: 'unsupported_media_type', detail: 'send application/json', attribute: null })
    }
    const body = await readJson(request)
    const answer = await devHook(body).catch((/** @type {Error | undefined} */ error) => ({
      status: 500,
      body: { code: 'hook_failed', detail: String(error?.message ?? error), attribute: null },
    }))
    return json(response, answer.status, answer.body)
  }
  if (route === 'GET notifications') {
    return json(response, 200, { deliveries: portal.deliveries(url.searchParams.get('wallet') ?? undefined) })
  }
  if (route === 'DELETE notifications') {
    portal.clear()
    return json(response, 200, { ok: true })
  }
  const body = request.method === 'POST' ? await readJson(request) : null
  if (route === 'POST fail' && [429, 500, 502, 503].includes(body?.status)) {
    portal.fail(body.status, Number.isInteger(body.times) ? body.times : 1)
  } else if (route === 'POST limit' && (body?.perFourHours === null || Number.isInteger(body?.perFourHours))) {
    portal.setLimit(body.perFourHours)
  } else if (route === 'POST pause' && typeof body?.paused === 'boolean') {
    portal.setPaused(body.paused)
  } else if (route === 'POST permission' && typeof body?.wallet === 'string' && typeof body.granted === 'boolean') {
    portal.setPermission(body.wallet, body.granted)
  } else {
    return json(response, 404, { code: 'not_found', detail: 'no such test hook', attribute: null })
  }
  return json(response, 200, { ok: true })
}

/**
 * Start the stand-in on 127.0.0.1:`port`.
 *
 * @param {{ port: number, apiKey: string, appId: string, unverifiedLimit?: number | null,
 *   devHooks?: Record<string, (body: unknown) => Promise<{ status: number, body: unknown }>> }} options
 *   `devHooks`: more /__worldmap/ routes by `METHOD name` (the stack's `POST streak-reminder`), JSON bodies only
 * @returns {Promise<{ url: string, portal: ReturnType<typeof createNotificationsPortal>, close: () => Promise<void> }>}
 * @example
 * const api = await startNotificationsApi({ port: 8655, apiKey: 'api_local', appId: 'app_staging_worldmap' })
 * await api.close()
 */
export async function startNotificationsApi({ port, devHooks, ...options }) {
  const portal = createNotificationsPortal(options)
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1')
    if (request.method === 'OPTIONS') {
      response.writeHead(204, { 'access-control-allow-origin': '*', 'access-control-allow-methods': 'GET' }).end()
      return
    }
    const answer = url.pathname.startsWith('/__worldmap/')
      ? hook(portal, request, url, response, devHooks)
      : url.pathname === SEND_PATH && request.method === 'POST'
        ? readJson(request).then((body) => {
            const { status, body: reply } = portal.send(request.headers.authorization, body)
            json(response, status, reply)
          })
        : Promise.resolve(json(response, 404, { code: 'not_found', detail: 'no such route', attribute: null }))
    answer.catch(() => json(response, 400, { code: 'validation_error', detail: 'the body is not JSON', attribute: null }))
  })
  await /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, '127.0.0.1', resolve)
    })
  )
  return {
    url: `http://127.0.0.1:${port}`,
    portal,
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  }
}
