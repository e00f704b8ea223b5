/** The profile's language choice. */
export const languageEn = {
  'language.title': 'Language',
  'language.automatic': 'Automatic (World App)',
} as const
