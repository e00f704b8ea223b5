// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { deliverNotifications, type NotificationPage } from './deliverNotifications.js'

const link = 'worldapp://mini-app?app_id=app_x&path=%2Fmap'
const localisations = [{ language: 'en', title: '🔥 Keep your 5-day streak', message: 'Find one drop today.' }]

afterEach(() => {
  vi.unstubAllGlobals()
  delete (window as { worldmapSimulator?: unknown }).worldmapSimulator
})

describe('deliverNotifications', () => {
  test('default: reads the wallet’s record from the feed and hands what was delivered to the page’s simulator', async () => {
    const deliver = vi.fn(() => true)
    ;(window as { worldmapSimulator?: unknown }).worldmapSimulator = { wallet: { address: '0xAbC' }, notifications: { deliver } }
    const fetch = vi.fn(async () =>
      Response.json({
        deliveries: [
          { at: 5, sent: true, localisations, miniAppPath: link, title: 'ignored' },
          { at: 6, sent: false, localisations, miniAppPath: link },
          { at: 1, sent: true, localisations, miniAppPath: link },
        ],
      }),
    )
    vi.stubGlobal('fetch', fetch)
    // In Node the page's function runs here, against happy-dom's window: what Playwright does in the browser.
    const page: NotificationPage = { evaluate: async (run, arg) => run(arg) }
    expect(await deliverNotifications(page, { feedUrl: 'http://127.0.0.1:8655/__worldmap/notifications', since: 2 })).toBe(1)
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:8655/__worldmap/notifications?wallet=0xAbC')
    expect(deliver).toHaveBeenCalledWith({ localisations, miniAppPath: link })
  })
})
