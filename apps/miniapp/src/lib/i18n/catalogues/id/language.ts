import type { Translation } from '@worldmap/game'
import type { languageEn } from '../en/language.js'

export const languageId: Translation<typeof languageEn> = {
  'language.title': 'Bahasa',
  'language.automatic': 'Otomatis (World App)',
}
