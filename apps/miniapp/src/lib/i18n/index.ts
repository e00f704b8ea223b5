// The app's i18n: the provider and hooks components use, and the locale-aware
// formatters. Catalogues are NOT exported here (see ./catalogues/index.ts):
// importing this module never pulls a language into the client bundle.
export { formatDistance, formatNumber } from './formatNumber.js'
export { I18nProvider } from './I18nProvider.js'
export type { EnglishCatalogue, I18n, MessageKey, Translate, ValuesArgs } from './messages.js'
export { translate, translatorFor } from './messages.js'
export { useLocale, useT } from './useT.js'
