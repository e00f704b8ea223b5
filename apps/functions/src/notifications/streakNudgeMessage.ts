import { formatMessage, LOCALES, type Locale, type PortalLanguage, portalLanguageOf, STREAK_REWARDS } from '@worldmap/game'
import { notificationsEn } from './catalogue/notificationsEn.js'
import { notificationsEs } from './catalogue/notificationsEs.js'
import { notificationsId } from './catalogue/notificationsId.js'
import { notificationsPtBR } from './catalogue/notificationsPtBR.js'

/** The notification catalogue, one fragment per language. */
export const NOTIFICATION_CATALOGUES = {
  en: notificationsEn,
  es: notificationsEs,
  'pt-BR': notificationsPtBR,
  id: notificationsId,
} as const satisfies Record<Locale, unknown>

/** The Developer Portal's limits on one localisation (UTF-16 units, as a JavaScript validator counts them). */
export const PORTAL_TEXT_LIMITS = { title: 30, message: 200 } as const

/** One entry of the send-notification request's `localisations`. */
export interface Localisation {
  language: PortalLanguage
  title: string
  message: string
}

/**
 * The streak-at-risk notification for a streak of `streak` days, in every
 * language WorldMap speaks (World App shows the one matching the player's
 * language, English otherwise, so `en` always comes first). On a day whose
 * find earns a streak reward (day 3 or 7, `STREAK_REWARDS`) the message says
 * the reward is waiting on the map. A title longer
 * than the portal's 30 characters in one language (a streak of years) falls
 * back to that language's short title, without the number.
 *
 * @example
 * ```ts
 * streakNudgeLocalisations(5)[0] // { language: 'en', title: '🔥 Keep your 5-day streak', message: '5 days in a row! …' }
 * ```
 */
export function streakNudgeLocalisations(streak: number): Localisation[] {
  // Today's find makes day streak + 1 of the streak: a reward day says the reward is waiting.
  const rewardDay = streak + 1 in STREAK_REWARDS ? streak + 1 : undefined
  return LOCALES.map((locale) => {
    const catalogue: Record<keyof typeof notificationsEn, Parameters<typeof formatMessage>[0]> = NOTIFICATION_CATALOGUES[locale]
    const title = formatMessage(catalogue['notifications.streakTitle'], { count: streak }, locale)
    return {
      language: portalLanguageOf(locale),
      title:
        title.length <= PORTAL_TEXT_LIMITS.title
          ? title
          : formatMessage(catalogue['notifications.streakTitleShort'], undefined, locale),
      message:
        rewardDay === undefined
          ? formatMessage(catalogue['notifications.streakMessage'], { count: streak }, locale)
          : formatMessage(catalogue['notifications.streakRewardMessage'], { count: streak, day: rewardDay }, locale),
    }
  })
}

/**
 * The deep link that opens `path` in the mini app `appId` from a
 * notification: `worldapp://mini-app?app_id=…&path=<url-encoded path>`.
 *
 * @example
 * ```ts
 * miniAppPathOf('app_123', '/map') // 'worldapp://mini-app?app_id=app_123&path=%2Fmap'
 * ```
 */
export function miniAppPathOf(appId: string, path: string): string {
  return `worldapp://mini-app?app_id=${encodeURIComponent(appId)}&path=${encodeURIComponent(path)}`
}
