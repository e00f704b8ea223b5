import type { Catalogue, Locale } from '@worldmap/game'
import type { PageContextClient } from 'vike/types'
import { installReporting } from '../src/lib/reporting/installReporting.js'

// The first page's HTML carries its language and catalogue (passToClient);
// later pages are rendered in the browser with what it brought. A change of
// language reloads the page (LanguageSection), so one catalogue per load is enough.
let first: { locale: Locale; messages: Catalogue } | undefined

export function onCreatePageContext(pageContext: PageContextClient) {
  // Errors, refusals, CSP violations and web vitals go to the app server from the first page on (once).
  installReporting()
  if (pageContext.locale && pageContext.messages) first = { locale: pageContext.locale, messages: pageContext.messages }
  else if (first) Object.assign(pageContext, first)
}
