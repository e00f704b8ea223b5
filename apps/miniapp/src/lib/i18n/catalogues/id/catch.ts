import type { Translation } from '@worldmap/game'
import type { catchEn } from '../en/catch.js'

// Indonesian has no plural forms: `other` only.
export const catchId: Translation<typeof catchEn> = {
  'catch.kicker': 'Kamu menemukan',
  'catch.dialog': 'Kamu menemukan: {label}',
  'catch.new': 'Baru!',
  'catch.newSub': 'Yang pertama di koleksimu.',
  'catch.count': 'Kamu punya {count}',
  'catch.continue': 'Lanjut',
  'catch.rewardWaitingDay': 'Hadiah runtunan hari ke-{day} menunggumu: {name}, {distance} ke arah {direction}.',
  'catch.rewardWaiting': 'Hadiah runtunanmu menunggu: {name}, {distance} ke arah {direction}.',
  'catch.showReward': 'Tunjukkan',
  'catch.points': { other: '+{count} poin' },
  'catch.goalMet': { other: 'Target tercapai — {count} hari beruntun' },
  'catch.streakExtended': { other: 'Runtunan berlanjut — {count} hari berturut-turut' },
}
