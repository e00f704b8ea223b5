import type { Translation } from '@worldmap/game'
import type { notificationsEn } from './notificationsEn.js'

/** Spanish strings of the streak-at-risk notification. */
export const notificationsEs: Translation<typeof notificationsEn> = {
  'notifications.streakTitle': { one: '🔥 Salva tu racha de {count} día', other: '🔥 Salva tu racha de {count} días' },
  'notifications.streakTitleShort': '🔥 No pierdas tu racha',
  'notifications.streakMessage': {
    one: 'Ayer encontraste un objeto. Encuentra otro hoy y llevarás 2 días seguidos.',
    other: '¡{count} días seguidos! Encuentra un objeto hoy para no perder tu racha.',
  },
  'notifications.streakRewardMessage': {
    one: 'Tu premio del día {day} de racha te espera en el mapa. Encuentra un objeto hoy para no perder tu racha y recogerlo.',
    other:
      '¡{count} días seguidos! Tu premio del día {day} de racha te espera en el mapa: encuentra un objeto hoy para no perder tu racha y recogerlo.',
  },
}
