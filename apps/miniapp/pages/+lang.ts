import type { PageContext } from 'vike/types'
import { i18nOf } from '../src/lib/i18n/pageContextI18n.js'

// <html lang> follows the page's language (+onCreatePageContext.ssr.ts), on the server and after client navigations.
export default (pageContext: PageContext) => i18nOf(pageContext).locale
