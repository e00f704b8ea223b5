import type { PageContextServer } from 'vike/types'
import { CATALOGUES } from '../src/lib/i18n/catalogues/index.js'
import { localeOfRequest } from '../src/lib/i18n/localeOfRequest.js'

// The page's language, per request: the player's choice (cookie), else World
// App's language (Accept-Language), else English. `.ssr`: it runs while the
// server renders HTML only, so client-side navigations never fetch a
// pageContext.json for it (+onCreatePageContext.client.ts carries the language on).
export function onCreatePageContext(pageContext: PageContextServer) {
  const locale = localeOfRequest({
    cookie: pageContext.headers?.cookie,
    acceptLanguage: pageContext.headers?.['accept-language'],
  })
  pageContext.locale = locale
  pageContext.messages = CATALOGUES[locale]
}
