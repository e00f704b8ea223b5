import type { Translation } from '@worldmap/game'
import type { catchEn } from '../en/catch.js'

export const catchEs: Translation<typeof catchEn> = {
  'catch.kicker': 'Encontraste',
  'catch.dialog': 'Encontraste: {label}',
  'catch.new': '¡Nuevo!',
  'catch.newSub': 'El primero de tu colección.',
  'catch.count': 'Tienes {count}',
  'catch.continue': 'Continuar',
  'catch.rewardWaitingDay': 'Tu premio de racha del día {day} te espera: {name}, a {distance} al {direction}.',
  'catch.rewardWaiting': 'Tu premio de racha te espera: {name}, a {distance} al {direction}.',
  'catch.showReward': 'Muéstramelo',
  'catch.points': { one: '+{count} punto', other: '+{count} puntos' },
  'catch.goalMet': { one: 'Meta cumplida — racha de {count} día', other: 'Meta cumplida — racha de {count} días' },
  'catch.streakExtended': { one: 'Racha en pie — {count} día seguido', other: 'Racha en pie — {count} días seguidos' },
}
