import type { Translation } from '@worldmap/game'
import type { languageEn } from '../en/language.js'

export const languagePtBR: Translation<typeof languageEn> = {
  'language.title': 'Idioma',
  'language.automatic': 'Automático (World App)',
}
