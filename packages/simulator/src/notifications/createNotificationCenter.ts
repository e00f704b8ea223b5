import { showNotificationBanner } from '../ui/showNotificationBanner.js'
import { parseMiniAppPath } from './parseMiniAppPath.js'
import { type NotificationLocalisation, pickLocalisation } from './pickLocalisation.js'

/** A notification as the send-notification API received it for this wallet (what the stack's stand-in records). */
export interface SimulatedNotification {
  localisations: NotificationLocalisation[]
  /** `worldapp://mini-app?app_id=…&path=…`. */
  miniAppPath: string
}

/** Options of {@link createNotificationCenter}. */
export interface NotificationCenterOptions {
  /** The mini app this simulator plays: a link to another app is not opened here. */
  appId: () => string
  /** Whether World App has granted the mini app notifications (nothing shows otherwise, as in World App). */
  granted: () => boolean
  /** @default the browser's `navigator.languages` */
  languages?: () => readonly string[]
  /** Open a path of the mini app. @default `location.assign` on the page's origin */
  navigate?: (path: string) => void
}

/** The simulator's notifications: what arrived, and a way to show one. */
export interface NotificationCenter {
  /** Every notification shown, in order. */
  received: SimulatedNotification[]
  /**
   * Show `notification` as a banner in the device's language; tapping it
   * opens its deep link's path in the app. `false` when World App would not
   * show it (notifications not granted, or a link to another app).
   */
  deliver(notification: SimulatedNotification): boolean
  /**
   * Poll `feedUrl?wallet=…` (the stack's stand-in, or a same-origin proxy of
   * it) every `pollMs` and show what was sent to `wallet` since now.
   * @returns stops polling
   */
  watch(feedUrl: string, wallet: string, pollMs?: number): () => void
}

interface FeedDelivery extends SimulatedNotification {
  at: number
  sent: boolean
}

/**
 * The notification side of the host: World App shows a mini app's
 * notification (sent through the Developer Portal) as a system banner, and a
 * tap opens the mini app at the notification's path.
 *
 * @example
 * ```ts
 * const center = createNotificationCenter(window, { appId: () => 'app_x', granted: () => true })
 * center.deliver({ localisations: [{ language: 'en', title: 'Hi', message: 'There' }], miniAppPath: 'worldapp://mini-app?app_id=app_x&path=%2Fmap' })
 * ```
 */
export function createNotificationCenter(win: Window, options: NotificationCenterOptions): NotificationCenter {
  const languages = options.languages ?? (() => win.navigator.languages ?? [win.navigator.language])
  const navigate = options.navigate ?? ((path: string) => win.location.assign(new URL(path, win.location.origin).href))
  const received: SimulatedNotification[] = []
  const deliver = (notification: SimulatedNotification) => {
    const link = parseMiniAppPath(notification.miniAppPath)
    const text = pickLocalisation(notification.localisations, languages())
    if (!options.granted() || !link || link.appId !== options.appId() || !text) return false
    received.push(notification)
    showNotificationBanner(win, { title: text.title, message: text.message, onOpen: () => navigate(link.path) })
    return true
  }
  const watch = (feedUrl: string, wallet: string, pollMs = 2_000) => {
    const since = Date.now()
    const seen = new Set<string>()
    const poll = async () => {
      const response = await fetch(`${feedUrl}?wallet=${encodeURIComponent(wallet)}`)
      const { deliveries = [] } = (await response.json()) as { deliveries?: FeedDelivery[] }
      for (const [index, delivery] of deliveries.entries()) {
        const key = `${delivery.at}|${index}`
        if (seen.has(key) || delivery.at < since || !delivery.sent) continue
        seen.add(key)
        deliver({ localisations: delivery.localisations, miniAppPath: delivery.miniAppPath })
      }
    }
    // A feed that is down (the stack stopped) is tried again at the next tick; nothing to report to the page.
    const timer = win.setInterval(() => void poll().catch(() => {}), pollMs)
    return () => win.clearInterval(timer)
  }
  return { received, deliver, watch }
}
