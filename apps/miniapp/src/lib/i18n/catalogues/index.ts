import type { Catalogue, Locale } from '@worldmap/game'
import { en } from './en/index.js'
import { es } from './es/index.js'
import { id } from './id/index.js'
import { ptBR } from './pt-BR/index.js'

/**
 * Every language's catalogue. Server side only (the page hook and tests):
 * the browser receives the one catalogue its page is in, inside the page's
 * HTML, so its first-load JavaScript carries no catalogue at all.
 *
 * @example
 * ```ts
 * const messages = CATALOGUES[matchLocale(request.headers.get('accept-language'))]
 * ```
 */
export const CATALOGUES: Readonly<Record<Locale, Catalogue>> = { en, es, 'pt-BR': ptBR, id }
