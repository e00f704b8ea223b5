import type { PageContext } from 'vike/types'
import { translate } from '../../src/lib/i18n/messages.js'
import { i18nOf } from '../../src/lib/i18n/pageContextI18n.js'

export default (pageContext: PageContext) =>
  translate(i18nOf(pageContext), pageContext.is404 ? 'layout.titleNotFound' : 'layout.titleError')
