import type { BrowserSimulator } from '../browser/startSimulator.js'
import type { SimulatedNotification } from '../notifications/createNotificationCenter.js'

/** The page's window, as the simulator's script entry leaves it. */
type SimulatorWindow = { worldmapSimulator?: BrowserSimulator }

/** The part of Playwright's `Page` this helper uses. */
export interface NotificationPage {
  evaluate<R, A>(pageFunction: (arg: A) => R | Promise<R>, arg: A): Promise<R>
}

/** Options of {@link deliverNotifications}. */
export interface DeliverNotificationsOptions {
  /** The send-notification stand-in's record, e.g. `http://127.0.0.1:8655/__worldmap/notifications`. */
  feedUrl: string
  /** Only those sent at or after this time, ms. @default 0 */
  since?: number
}

interface FeedDelivery extends SimulatedNotification {
  at: number
  sent: boolean
}

/**
 * Hand the page's simulator every notification the backend sent its wallet
 * (read from the stand-in's record by the test process, so the page's
 * Content-Security-Policy is not involved), as World App delivers them: each
 * shows as a banner, and tapping it opens its deep link. Resolves how many
 * were shown.
 *
 * @example
 * ```ts
 * await deliverNotifications(page, { feedUrl: `${stack.urls.notifications}/__worldmap/notifications` })
 * await page.getByRole('button', { name: /Keep your 5-day streak/ }).click()
 * ```
 */
export async function deliverNotifications(page: NotificationPage, options: DeliverNotificationsOptions): Promise<number> {
  const wallet = await page.evaluate(
    () => (window as unknown as SimulatorWindow).worldmapSimulator?.wallet.address ?? '',
    undefined,
  )
  const response = await fetch(`${options.feedUrl}?wallet=${encodeURIComponent(wallet)}`)
  const { deliveries = [] } = (await response.json()) as { deliveries?: FeedDelivery[] }
  const due = deliveries
    .filter((delivery) => delivery.sent && delivery.at >= (options.since ?? 0))
    .map(({ localisations, miniAppPath }) => ({ localisations, miniAppPath }))
  return page.evaluate(
    (list) =>
      list.filter((notification) => (window as unknown as SimulatorWindow).worldmapSimulator?.notifications.deliver(notification))
        .length,
    due,
  )
}
