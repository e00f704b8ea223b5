import type { Translation } from '@worldmap/game'
import type { catchEn } from '../en/catch.js'

export const catchPtBR: Translation<typeof catchEn> = {
  'catch.kicker': 'Você encontrou',
  'catch.dialog': 'Você encontrou: {label}',
  'catch.new': 'Novo!',
  'catch.newSub': 'O primeiro da sua coleção.',
  'catch.count': 'Você tem {count}',
  'catch.continue': 'Continuar',
  'catch.rewardWaitingDay': 'Seu prêmio do dia {day} da sequência está esperando: {name}, a {distance} ao {direction}.',
  'catch.rewardWaiting': 'Seu prêmio da sequência está esperando: {name}, a {distance} ao {direction}.',
  'catch.showReward': 'Mostrar',
  'catch.points': { one: '+{count} ponto', other: '+{count} pontos' },
  'catch.goalMet': { one: 'Meta batida — sequência de {count} dia', other: 'Meta batida — sequência de {count} dias' },
  'catch.streakExtended': {
    one: 'Sequência mantida — {count} dia seguido',
    other: 'Sequência mantida — {count} dias seguidos',
  },
}
