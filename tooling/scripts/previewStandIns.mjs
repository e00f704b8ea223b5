// Local stand-ins for the two World services a production build talks to,
// for `pnpm preview:prod` (previewProd.mjs): World's usernames service and
// the World ID Developer Portal's verify API. Small HTTP servers on
// 127.0.0.1, speaking the real services' request and reply shapes.

import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..')

/** Browsers call both from the app's page: answer CORS as the real services do. */
const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type',
}

/**
 * The username the stand-in gives a wallet: `preview-` and its address's first
 * six hex digits, so a player's name is stable and tells whose wallet it is.
 *
 * @param {string} address
 */
export function previewUsername(address) {
  return `preview-${address.toLowerCase().replace(/^0x/, '').slice(0, 6)}`
}

/**
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<unknown>} the JSON body, or `undefined` when it is not JSON
 */
async function readJson(req) {
  let body = ''
  for await (const chunk of req) {
    body += chunk
    if (body.length > 64 * 1024) return undefined
  }
  try {
    return JSON.parse(body)
  } catch {
    return undefined
  }
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function sendJson(res, status, body) {
  res.writeHead(status, { ...CORS, 'content-type': 'application/json' }).end(JSON.stringify(body))
}

/**
 * @param {(req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => Promise<void>} handler
 * @param {number} port
 * @returns {Promise<import('node:http').Server>}
 */
function listen(handler, port) {
  const server = createServer((req, res) => {
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS).end()
      return
    }
    handler(req, res).catch(() => sendJson(res, 500, { error: 'internal' }))
  })
  return new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => done(server))
  })
}

/**
 * World's usernames service: `POST /api/v1/query` `{addresses}` →
 * `[{address, username, profile_picture_url}]`, every wallet known as
 * {@link previewUsername}; `GET /api/v1/:username` → 404 (the app never asks).
 *
 * @param {number} port
 * @example
 * const usernames = await startUsernamesStandIn(5310)
 * // PUBLIC_ENV__USERNAMES_URL=http://127.0.0.1:5310
 */
export function startUsernamesStandIn(port) {
  return listen(async (req, res) => {
    if (req.method !== 'POST' || req.url !== '/api/v1/query') return sendJson(res, 404, { error: 'not_found' })
    const body = /** @type {{ addresses?: unknown }} */ ((await readJson(req)) ?? {})
    const addresses = Array.isArray(body.addresses) ? body.addresses.filter((a) => typeof a === 'string') : []
    if (addresses.length === 0 || addresses.length > 100) return sendJson(res, 400, { error: 'invalid_body' })
    sendJson(
      res,
      200,
      addresses.map((address) => ({ address, username: previewUsername(address), profile_picture_url: null })),
    )
  }, port)
}

/** The simulator's proof check (`@worldmap/simulator/verifier`), loaded once from the functions' dependencies. */
async function loadSimulatorVerifier() {
  const require = createRequire(join(root, 'apps/functions/package.json'))
  const path = require.resolve('@worldmap/simulator/verifier')
  return /** @type {typeof import('@worldmap/simulator/verifier')} */ (await import(pathToFileURL(path).href))
}

/**
 * The World ID Developer Portal's verify API, for proofs the World App
 * simulator makes: `POST /api/v2/verify/{app_id}` with `{nullifier_hash,
 * merkle_root, proof, verification_level, action, signal_hash}` (what
 * apps/functions' createDeveloperPortalVerifier sends) → 200
 * `{success, action, nullifier_hash, verification_level}`, or 400 `{code,
 * detail}` as the real one answers a proof that does not verify. The check
 * is the simulator's (its issuer's signature over app, action, signal and
 * level), so a production build's `verifyHuman` runs end to end on a laptop.
 *
 * @param {number} port
 * @example
 * const portal = await startDeveloperPortalStandIn(5311)
 * // WORLDMAP_DEVELOPER_PORTAL_URL=http://127.0.0.1:5311
 */
export async function startDeveloperPortalStandIn(port) {
  const { verifySimulatedProof } = await loadSimulatorVerifier()
  return listen(async (req, res) => {
    const match = /^\/api\/v2\/verify\/(app_[A-Za-z0-9_]+)$/.exec(req.url ?? '')
    if (req.method !== 'POST' || !match?.[1]) return sendJson(res, 404, { code: 'not_found', detail: 'Not found' })
    const body = /** @type {Record<string, unknown> | undefined} */ (await readJson(req))
    const fields = ['nullifier_hash', 'merkle_root', 'proof', 'verification_level', 'action', 'signal_hash']
    if (!body || fields.some((field) => typeof body[field] !== 'string')) {
      return sendJson(res, 400, { code: 'invalid_request', detail: `Expected ${fields.join(', ')}` })
    }
    const proof = /** @type {{ proof: string, merkle_root: string, nullifier_hash: string, verification_level: string }} */ (
      /** @type {unknown} */ (body)
    )
    const result = await verifySimulatedProof(proof, {
      appId: match[1],
      action: String(body.action),
      signalHash: /** @type {`0x${string}`} */ (body.signal_hash),
    })
    if (!result.success) return sendJson(res, 400, { code: result.code, detail: result.detail })
    sendJson(res, 200, {
      success: true,
      action: body.action,
      nullifier_hash: result.nullifier_hash,
      verification_level: result.verification_level,
    })
  }, port)
}
