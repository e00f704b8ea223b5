import type { Translation } from '@worldmap/game'
import type { progressEn } from '../en/progress.js'

export const progressEs: Translation<typeof progressEn> = {
  'progress.title': 'Tu progreso de hoy',
  'progress.loadFailed': 'No se pudo cargar tu progreso.',
  'progress.loading': 'Cargando',
  'progress.ring': 'Meta diaria',
  'progress.goal': { one: '{today} de {count} hallazgo hoy', other: '{today} de {count} hallazgos hoy' },
  'progress.pastGoal': { one: '{count} hallazgo hoy', other: '{count} hallazgos hoy' },
  'progress.goalMet': 'Meta diaria cumplida. ¡Bien hecho!',
  'progress.goalStart': {
    one: 'Recoge {count} objeto hoy para cumplir tu meta diaria.',
    other: 'Recoge {count} objetos hoy para cumplir tu meta diaria.',
  },
  'progress.goalLeft': { one: 'Te falta {count} para la meta de hoy.', other: 'Te faltan {count} para la meta de hoy.' },
  'progress.streak': { one: 'Racha de {count} día', other: 'Racha de {count} días' },
  'progress.noStreakNow': 'Ahora no tienes racha',
  'progress.noStreakYet': 'Aún no tienes racha',
  'progress.keptToday': 'Hoy ya cumpliste. Vuelve mañana.',
  'progress.keepIt': 'Encuentra uno hoy para no perderla',
  'progress.startNew': 'Encuentra un objeto hoy para empezar otra.',
  'progress.build': 'Encuentra un objeto cada día para crear una.',
  'progress.best': { one: 'Récord: {count} día', other: 'Récord: {count} días' },
  'progress.streakEnded': { one: 'Tu racha de {count} día terminó', other: 'Tu racha de {count} días terminó' },
  'progress.restart': {
    one: 'Encuentra {count} objeto hoy para empezar una nueva racha',
    other: 'Encuentra {count} objetos hoy para empezar una nueva racha',
  },
}
