import { type Catalogue, formatMessage, type Locale, type MessageValues } from '@worldmap/game'
import type { en } from './catalogues/en/index.js'

/** The English catalogue's type: every key, and each message's placeholders. */
export type EnglishCatalogue = typeof en

/** A catalogue key (`<feature>.<name>`). */
export type MessageKey = keyof EnglishCatalogue

/** The values argument of a key: omitted when its message has no placeholder, required otherwise. */
export type ValuesArgs<K extends MessageKey> = keyof MessageValues<EnglishCatalogue[K]> extends never
  ? [values?: undefined]
  : [values: MessageValues<EnglishCatalogue[K]>]

/** The active language and its catalogue: what the page renders with. */
export interface I18n {
  readonly locale: Locale
  readonly messages: Catalogue
}

/** `t(key, values)`: a message of the active catalogue in words. */
export type Translate = <K extends MessageKey>(key: K, ...values: ValuesArgs<K>) => string

/**
 * A message in words, outside React (page titles, hooks of Vike): the key
 * itself when the catalogue lacks it, so a gap shows rather than blanks.
 *
 * @example
 * ```ts
 * translate({ locale: 'es', messages: es }, 'layout.titleMap') // 'Mapa · WorldMap'
 * ```
 */
export function translate<K extends MessageKey>(i18n: I18n, key: K, ...[values]: ValuesArgs<K>): string {
  const entry = i18n.messages[key]
  return entry === undefined ? key : formatMessage(entry, values as Readonly<Record<string, string | number>>, i18n.locale)
}

/**
 * A `t` bound to one language.
 *
 * @example
 * ```ts
 * const t = translatorFor({ locale: 'id', messages: id })
 * t('layout.map') // 'Peta'
 * ```
 */
export function translatorFor(i18n: I18n): Translate {
  return (key, ...values) => translate(i18n, key, ...values)
}
