import type { Translation } from '@worldmap/game'
import type { notificationsEn } from './notificationsEn.js'

/** Indonesian strings of the streak-at-risk notification (Indonesian has no plural forms: `other` only). */
export const notificationsId: Translation<typeof notificationsEn> = {
  'notifications.streakTitle': { other: '🔥 Jaga runtunan {count} harimu' },
  'notifications.streakTitleShort': '🔥 Jaga runtunanmu',
  'notifications.streakMessage': {
    other: '{count} hari berturut-turut! Temukan satu item hari ini agar runtunanmu tetap menyala.',
  },
  'notifications.streakRewardMessage': {
    other:
      '{count} hari berturut-turut! Hadiah runtunan hari ke-{day} menunggumu di peta: temukan satu item hari ini agar runtunanmu tetap menyala dan ambil hadiahnya.',
  },
}
