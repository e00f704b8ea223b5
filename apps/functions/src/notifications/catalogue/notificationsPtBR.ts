import type { Translation } from '@worldmap/game'
import type { notificationsEn } from './notificationsEn.js'

/** Brazilian Portuguese strings of the streak-at-risk notification. */
export const notificationsPtBR: Translation<typeof notificationsEn> = {
  'notifications.streakTitle': { one: '🔥 Mantenha sua sequência viva', other: '🔥 Não perca {count} dias seguidos' },
  'notifications.streakTitleShort': '🔥 Não perca sua sequência',
  'notifications.streakMessage': {
    one: 'Você encontrou um item ontem. Encontre outro hoje e chegue a 2 dias seguidos.',
    other: '{count} dias seguidos! Encontre um item hoje para manter sua sequência.',
  },
  'notifications.streakRewardMessage': {
    one: 'Seu prêmio do dia {day} da sequência está esperando no mapa. Encontre um item hoje para manter a sequência e pegá-lo.',
    other:
      '{count} dias seguidos! Seu prêmio do dia {day} da sequência está esperando no mapa: encontre um item hoje para manter a sequência e pegá-lo.',
  },
}
