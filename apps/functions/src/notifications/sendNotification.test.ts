import { describe, expect, test, vi } from 'vitest'
import { NotificationApiUnavailableError } from './errors/NotificationApiUnavailableError.js'
import { NotificationAuthError } from './errors/NotificationAuthError.js'
import { NotificationLimitReachedError } from './errors/NotificationLimitReachedError.js'
import { NotificationRejectedError } from './errors/NotificationRejectedError.js'
import { NotificationsNotAllowedError } from './errors/NotificationsNotAllowedError.js'
import { NotificationsPausedError } from './errors/NotificationsPausedError.js'
import { type NotificationApi, type SendNotificationPayload, sendNotification } from './sendNotification.js'

const wallet = '0x00000000000000000000000000000000000A11cE'
const payload: SendNotificationPayload = {
  app_id: 'app_test',
  wallet_addresses: [wallet],
  localisations: [{ language: 'en', title: 'Hi', message: 'There' }],
  mini_app_path: 'worldapp://mini-app?app_id=app_test&path=%2Fmap',
}
const ok = { success: true, status: 200, result: [{ walletAddress: wallet, sent: true }] }
const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers })

/** An API whose fetch answers each call with the next response; sleeps recorded, never waited. */
function apiAnswering(...responses: Array<Response | Error>) {
  const sleeps: number[] = []
  const fetch = vi.fn<typeof globalThis.fetch>(async () => {
    const next = responses.shift()
    if (!next || next instanceof Error) throw next ?? new Error('no more answers')
    return next
  })
  const api: NotificationApi = {
    apiUrl: 'https://portal.test/',
    apiKey: 'api_secret_key',
    fetch,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
  }
  return { api, fetch, sleeps }
}

describe('sendNotification', () => {
  test('default: posts the payload with the bearer key and returns the deliveries', async () => {
    const { api, fetch } = apiAnswering(json(200, ok))
    expect(await sendNotification(api, payload)).toEqual([{ walletAddress: wallet, sent: true }])
    const [url, init] = fetch.mock.calls[0] ?? []
    expect(url).toBe('https://portal.test/api/v2/minikit/send-notification')
    expect(init?.method).toBe('POST')
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer api_secret_key')
    expect(JSON.parse(String(init?.body))).toEqual(payload)
  })

  test('behavior: 503 then success: retried after a backoff', async () => {
    const { api, fetch, sleeps } = apiAnswering(json(503, {}), json(200, ok))
    expect(await sendNotification(api, payload)).toHaveLength(1)
    expect(fetch).toHaveBeenCalledTimes(2)
    expect(sleeps).toEqual([1000])
  })

  test('behavior: 429 with Retry-After waits what it asks (capped at 30 s); no answer is retried too', async () => {
    const { api, sleeps } = apiAnswering(json(429, {}, { 'retry-after': '2' }), new TypeError('fetch failed'), json(200, ok))
    expect(await sendNotification(api, payload)).toHaveLength(1)
    expect(sleeps).toEqual([2000, 2000])
    const capped = apiAnswering(json(429, {}, { 'retry-after': '3600' }), json(200, ok))
    await sendNotification(capped.api, payload)
    expect(capped.sleeps).toEqual([30_000])
  })

  test('error: 5xx on every try is NotificationApiUnavailableError after 3 tries, backing off 1 s then 2 s', async () => {
    const { api, fetch, sleeps } = apiAnswering(json(500, {}), json(502, {}), json(503, {}))
    const error = await sendNotification(api, payload).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(NotificationApiUnavailableError)
    expect(error).toMatchObject({ code: 'notification_api_unavailable', status: 503 })
    expect(fetch).toHaveBeenCalledTimes(3)
    expect(sleeps).toEqual([1000, 2000])
  })

  test('error: a 200 that is not a success reply counts as unavailable', async () => {
    const { api } = apiAnswering(json(200, { nope: 1 }))
    await expect(sendNotification({ ...api, attempts: 1 }, payload)).rejects.toBeInstanceOf(NotificationApiUnavailableError)
  })

  test.each([
    [400, { code: 'unverified_app_limit_reached', detail: 'limit', attribute: null }, NotificationLimitReachedError],
    [400, { code: 'paused', detail: 'open rate' }, NotificationsPausedError],
    [400, { code: 'not_allowed', detail: 'no' }, NotificationsNotAllowedError],
    [400, { code: 'validation_error', detail: 'too long', attribute: 'localisations' }, NotificationRejectedError],
    [404, { code: 'not_found' }, NotificationRejectedError],
    [401, {}, NotificationAuthError],
    [403, { code: 'invalid_api_key' }, NotificationAuthError],
    [403, { code: 'invalid_app' }, NotificationAuthError],
  ])('error: %i %j is thrown at once as its typed error, never retried', async (status, body, type) => {
    const { api, fetch } = apiAnswering(json(status, body))
    const error = await sendNotification(api, payload).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(type)
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(String((error as Error).message)).not.toContain('api_secret_key')
  })

  test('error: the messages name the portal’s code and attribute', async () => {
    const { api } = apiAnswering(json(400, { code: 'validation_error', detail: 'too long', attribute: 'localisations' }))
    await expect(sendNotification(api, payload)).rejects.toThrowErrorMatchingInlineSnapshot(`
      [NotificationRejectedError: The Developer Portal rejected the notification request.

      Details: validation_error · localisations · too long]
    `)
  })
})
