import type { Translation } from '@worldmap/game'
import type { progressEn } from '../en/progress.js'

// Indonesian has no plural forms: `other` only.
export const progressId: Translation<typeof progressEn> = {
  'progress.title': 'Progres hari ini',
  'progress.loadFailed': 'Progresmu tidak dapat dimuat.',
  'progress.loading': 'Memuat',
  'progress.ring': 'Target harian',
  'progress.goal': { other: '{today} dari {count} temuan hari ini' },
  'progress.pastGoal': { other: '{count} temuan hari ini' },
  'progress.goalMet': 'Target harian tercapai. Mantap!',
  'progress.goalStart': { other: 'Kumpulkan {count} item hari ini untuk mencapai target harianmu.' },
  'progress.goalLeft': { other: '{count} lagi untuk mencapai target hari ini.' },
  'progress.streak': { other: 'Runtunan {count} hari' },
  'progress.noStreakNow': 'Belum ada runtunan saat ini',
  'progress.noStreakYet': 'Belum ada runtunan',
  'progress.keptToday': 'Hari ini aman. Kembali lagi besok.',
  'progress.keepIt': 'Temukan satu hari ini untuk menjaganya',
  'progress.startNew': 'Temukan satu item hari ini untuk memulai yang baru.',
  'progress.build': 'Temukan satu item setiap hari untuk membangunnya.',
  'progress.best': { other: 'Terbaik: {count} hari' },
  'progress.streakEnded': { other: 'Runtunan {count} harimu berakhir' },
  'progress.restart': { other: 'Temukan {count} item hari ini untuk memulai runtunan baru' },
}
