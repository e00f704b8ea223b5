import type { Translation } from '@worldmap/game'
import type { progressEn } from '../en/progress.js'

export const progressPtBR: Translation<typeof progressEn> = {
  'progress.title': 'Seu progresso de hoje',
  'progress.loadFailed': 'Não foi possível carregar seu progresso.',
  'progress.loading': 'Carregando',
  'progress.ring': 'Meta diária',
  'progress.goal': { one: '{today} de {count} achado hoje', other: '{today} de {count} achados hoje' },
  'progress.pastGoal': { one: '{count} achado hoje', other: '{count} achados hoje' },
  'progress.goalMet': 'Meta diária batida. Mandou bem!',
  'progress.goalStart': {
    one: 'Colete {count} item hoje para bater sua meta diária.',
    other: 'Colete {count} itens hoje para bater sua meta diária.',
  },
  'progress.goalLeft': { one: 'Falta {count} para a meta de hoje.', other: 'Faltam {count} para a meta de hoje.' },
  'progress.streak': { one: 'Sequência de {count} dia', other: 'Sequência de {count} dias' },
  'progress.noStreakNow': 'Nenhuma sequência agora',
  'progress.noStreakYet': 'Nenhuma sequência ainda',
  'progress.keptToday': 'Feito hoje. Volte amanhã.',
  'progress.keepIt': 'Encontre um hoje para mantê-la',
  'progress.startNew': 'Encontre um item hoje para começar outra.',
  'progress.build': 'Encontre um item por dia para criar uma.',
  'progress.best': { one: 'Recorde: {count} dia', other: 'Recorde: {count} dias' },
  'progress.streakEnded': { one: 'Sua sequência de {count} dia acabou', other: 'Sua sequência de {count} dias acabou' },
  'progress.restart': {
    one: 'Encontre {count} item hoje para começar uma nova sequência',
    other: 'Encontre {count} itens hoje para começar uma nova sequência',
  },
}
