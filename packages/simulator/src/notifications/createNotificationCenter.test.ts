// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { createNotificationCenter } from './createNotificationCenter.js'

const notification = {
  localisations: [
    { language: 'en', title: '🔥 Keep your 5-day streak', message: 'Find one drop today.' },
    { language: 'es', title: '🔥 Salva tu racha de 5 días', message: 'Encuentra un objeto hoy.' },
  ],
  miniAppPath: 'worldapp://mini-app?app_id=app_x&path=%2Fmap',
}
const banner = () => document.querySelector('worldmap-simulator-notification')?.shadowRoot

afterEach(() => {
  document.body.innerHTML = ''
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

function center(granted = true, languages = ['es-MX']) {
  const navigate = vi.fn()
  return {
    navigate,
    center: createNotificationCenter(window, {
      appId: () => 'app_x',
      granted: () => granted,
      languages: () => languages,
      navigate,
    }),
  }
}

describe('createNotificationCenter', () => {
  test('default: shows the device language’s text; a tap opens the deep link’s path', () => {
    const { center: notifications, navigate } = center()
    expect(notifications.deliver(notification)).toBe(true)
    expect(banner()?.querySelector('.title')?.textContent).toBe('🔥 Salva tu racha de 5 días')
    ;(banner()?.querySelector('.open') as HTMLButtonElement | null)?.click()
    expect(navigate).toHaveBeenCalledWith('/map')
    expect(notifications.received).toEqual([notification])
  })

  test('error: nothing shows without the permission, or for another app’s link', () => {
    expect(center(false).center.deliver(notification)).toBe(false)
    const other = { ...notification, miniAppPath: 'worldapp://mini-app?app_id=app_other&path=%2Fmap' }
    expect(center().center.deliver(other)).toBe(false)
    expect(banner()).toBeUndefined()
  })

  test('behavior: watch shows what the feed sent to the wallet after it started, once', async () => {
    vi.useFakeTimers({ now: 1_000_000 })
    const fetch = vi.fn(async () =>
      Response.json({
        deliveries: [
          { ...notification, at: 999_000, sent: true }, // before the page loaded
          { ...notification, at: 1_000_500, sent: false }, // not delivered by World App
          { ...notification, at: 1_001_000, sent: true },
        ],
      }),
    )
    vi.stubGlobal('fetch', fetch)
    const { center: notifications } = center(true, ['en'])
    const stop = notifications.watch('http://127.0.0.1:8655/__worldmap/notifications', '0xabc', 1_000)
    await vi.advanceTimersByTimeAsync(2_100)
    stop()
    expect(fetch).toHaveBeenCalledWith('http://127.0.0.1:8655/__worldmap/notifications?wallet=0xabc')
    expect(notifications.received).toHaveLength(1)
    expect(banner()?.querySelector('.title')?.textContent).toBe('🔥 Keep your 5-day streak')
  })
})
