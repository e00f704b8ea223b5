import { type Catalogue, DEFAULT_LOCALE, type Locale } from '@worldmap/game'
import type { I18n } from './messages.js'

declare global {
  namespace Vike {
    interface PageContext {
      /** The page's language (pages/+onCreatePageContext.ssr.ts). */
      locale?: Locale
      /** The page's catalogue: sent to the browser once, inside the first page's HTML. */
      messages?: Catalogue
    }
  }
}

/**
 * The language a page context renders in: its own, or English with no
 * catalogue (keys show) if a hook failed before the language was set.
 *
 * @example
 * ```ts
 * translate(i18nOf(pageContext), 'layout.titleMap')
 * ```
 */
export function i18nOf(pageContext: { locale?: Locale | undefined; messages?: Catalogue | undefined }): I18n {
  return { locale: pageContext.locale ?? DEFAULT_LOCALE, messages: pageContext.messages ?? {} }
}
