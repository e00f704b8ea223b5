import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createNotificationsPortal,
  SEND_PATH,
  startNotificationsApi,
  validateSendBody,
  // @ts-expect-error plain ESM script without type declarations; its JSDoc is the contract
} from './notificationsApi.mjs'

// biome-ignore lint/suspicious/noTemplateCurlyInString: the portal's literal placeholder
const USERNAME = '${username}'
const appId = 'app_staging_worldmap'
const apiKey = 'api_local_stand_in_key'
const wallet = '0x00000000000000000000000000000000000A11cE'
const body = (overrides: Record<string, unknown> = {}) => ({
  app_id: appId,
  wallet_addresses: [wallet],
  localisations: [
    { language: 'en', title: '🔥 Keep your 5-day streak', message: 'Find one drop today.' },
    { language: 'es', title: '🔥 Salva tu racha de 5 días', message: 'Encuentra un objeto hoy.' },
  ],
  mini_app_path: `worldapp://mini-app?app_id=${appId}&path=%2Fmap`,
  ...overrides,
})

describe('validateSendBody (the portal’s strict schema)', () => {
  test('default: a good body passes', () => {
    expect(validateSendBody(body(), appId)).toBeNull()
  })

  test.each([
    ['an unknown key', { extra: 1 }, 400, 'validation_error', 'extra'],
    ['another app', { app_id: 'app_other' }, 403, 'invalid_app', 'app_id'],
    ['no wallets', { wallet_addresses: [] }, 400, 'validation_error', 'wallet_addresses'],
    ['1001 wallets', { wallet_addresses: Array(1001).fill(wallet) }, 400, 'validation_error', 'wallet_addresses'],
    ['a 41-character wallet', { wallet_addresses: [wallet.slice(0, 41)] }, 400, 'validation_error', 'wallet_addresses[0]'],
    [
      'no English',
      { localisations: [{ language: 'es', title: 'Hola', message: 'Hola' }] },
      400,
      'validation_error',
      'localisations',
    ],
    [
      'a 31-character title',
      { localisations: [{ language: 'en', title: 'x'.repeat(31), message: 'm' }] },
      400,
      'validation_error',
      'localisations[0].title',
    ],
    [
      'a 201-character message',
      { localisations: [{ language: 'en', title: 't', message: 'm'.repeat(201) }] },
      400,
      'validation_error',
      'localisations[0].message',
    ],
    [
      'a username title whose rest is over 16',
      { localisations: [{ language: 'en', title: `${USERNAME}, keep your streak`, message: 'm' }] },
      400,
      'validation_error',
      'localisations[0].title',
    ],
    [
      'an unknown key in a localisation',
      { localisations: [{ language: 'en', title: 't', message: 'm', icon: 'x' }] },
      400,
      'validation_error',
      'localisations[0].icon',
    ],
    [
      'an unsupported language',
      {
        localisations: [
          { language: 'en', title: 't', message: 'm' },
          { language: 'xx', title: 't', message: 'm' },
        ],
      },
      400,
      'validation_error',
      'localisations[1].language',
    ],
    [
      'a link to another app',
      { mini_app_path: 'worldapp://mini-app?app_id=app_other&path=%2Fmap' },
      400,
      'validation_error',
      'mini_app_path',
    ],
    ['a web link', { mini_app_path: 'https://worldmap.app/map' }, 400, 'validation_error', 'mini_app_path'],
  ])('error: %s', (_name, overrides, status, code, attribute) => {
    expect(validateSendBody(body(overrides), appId)).toMatchObject({ status, body: { code, attribute } })
  })

  test('behavior: a username title within 16 other characters passes', () => {
    expect(
      validateSendBody(body({ localisations: [{ language: 'en', title: `${USERNAME}, 5 days!`, message: 'm' }] }), appId),
    ).toBeNull()
  })
})

describe('createNotificationsPortal', () => {
  test('error: no key is 401, a wrong key 403 invalid_api_key', () => {
    const portal = createNotificationsPortal({ apiKey, appId })
    expect(portal.send(undefined, body())).toMatchObject({ status: 401 })
    expect(portal.send('Bearer nope', body())).toMatchObject({ status: 403, body: { code: 'invalid_api_key' } })
    expect(portal.deliveries()).toEqual([])
  })

  test('behavior: the unverified allowance: 40 per 4 hours, then 400 unverified_app_limit_reached until the window moves', () => {
    let now = 0
    const portal = createNotificationsPortal({ apiKey, appId, unverifiedLimit: 40, now: () => now })
    const wallets = Array.from({ length: 40 }, (_, index) => `0x${index.toString(16).padStart(40, '0')}`)
    expect(portal.send(`Bearer ${apiKey}`, body({ wallet_addresses: wallets }))).toMatchObject({ status: 200 })
    expect(portal.send(`Bearer ${apiKey}`, body())).toMatchObject({ status: 400, body: { code: 'unverified_app_limit_reached' } })
    now = 4 * 3_600_000
    expect(portal.send(`Bearer ${apiKey}`, body())).toMatchObject({ status: 200 })
  })

  test('behavior: a wallet without the permission comes back sent: false; paused is 400 paused', () => {
    const portal = createNotificationsPortal({ apiKey, appId })
    portal.setPermission(wallet, false)
    expect(portal.send(`Bearer ${apiKey}`, body()).body.result).toEqual([
      { walletAddress: wallet, sent: false, reason: 'user has not granted notification permission' },
    ])
    portal.setPaused(true)
    expect(portal.send(`Bearer ${apiKey}`, body())).toMatchObject({ status: 400, body: { code: 'paused' } })
  })
})

describe('startNotificationsApi (over HTTP)', () => {
  let api: { url: string; close: () => Promise<void> }
  beforeAll(async () => {
    api = await startNotificationsApi({ port: 18_655 + Math.floor(Math.random() * 1000), apiKey, appId })
  })
  afterAll(() => api.close())

  const post = (payload: unknown, key = apiKey) =>
    fetch(`${api.url}${SEND_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    })

  test('default: accepts, answers like the portal, records the delivery with the deep link’s path', async () => {
    const response = await post(body())
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ success: true, status: 200, result: [{ walletAddress: wallet, sent: true }] })
    const { deliveries } = await (await fetch(`${api.url}/__worldmap/notifications?wallet=${wallet.toLowerCase()}`)).json()
    expect(deliveries).toMatchObject([{ walletAddress: wallet, sent: true, title: '🔥 Keep your 5-day streak', path: '/map' }])
  })

  test('behavior: an injected 503 answers the next request only', async () => {
    await fetch(`${api.url}/__worldmap/fail`, { method: 'POST', body: JSON.stringify({ status: 503, times: 1 }) })
    expect((await post(body())).status).toBe(503)
    expect((await post(body())).status).toBe(200)
  })

  test('error: a body that is not JSON is 400 validation_error; an unknown route 404', async () => {
    const response = await fetch(`${api.url}${SEND_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${apiKey}` },
      body: '{',
    })
    expect(response.status).toBe(400)
    expect((await fetch(`${api.url}/api/v2/other`)).status).toBe(404)
  })
})

describe('startNotificationsApi devHooks (the stack’s own /__worldmap/ routes)', () => {
  let api: { url: string; close: () => Promise<void> }
  const seen: unknown[] = []
  beforeAll(async () => {
    api = await startNotificationsApi({
      port: 19_655 + Math.floor(Math.random() * 1000),
      apiKey,
      appId,
      devHooks: {
        'POST streak-reminder': async (body: unknown) => {
          seen.push(body)
          if ((body as { wallet?: string }).wallet === 'boom') throw new Error('the run failed')
          return { status: 200, body: { shown: true } }
        },
      },
    })
  })
  afterAll(() => api.close())
  const hook = (body: string, type = 'application/json') =>
    fetch(`${api.url}/__worldmap/streak-reminder`, { method: 'POST', headers: { 'content-type': type }, body })

  test('default: a JSON POST reaches the hook, whose answer is relayed', async () => {
    const response = await hook('{"wallet":"0xabc"}')
    expect([response.status, await response.json()]).toEqual([200, { shown: true }])
    expect(seen).toEqual([{ wallet: '0xabc' }])
  })

  test('error: what any web page could post without a preflight is refused unread; a failing hook is a 500 naming why', async () => {
    expect((await hook('{"wallet":"0xabc"}', 'text/plain')).status).toBe(415)
    expect(seen).toHaveLength(1)
    const failed = await hook('{"wallet":"boom"}')
    expect([failed.status, (await failed.json()).detail]).toEqual([500, 'the run failed'])
    // GET is not the hook's method.
    expect((await fetch(`${api.url}/__worldmap/streak-reminder`)).status).toBe(404)
  })
})
