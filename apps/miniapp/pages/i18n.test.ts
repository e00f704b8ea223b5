// The page's language hooks: the server picks it per request, the browser
// carries the first page's language on through client-side navigations.
import type { PageContextClient, PageContextServer } from 'vike/types'
import { expect, test } from 'vitest'
import { en } from '../src/lib/i18n/catalogues/en/index.js'
import { es } from '../src/lib/i18n/catalogues/es/index.js'
import { id } from '../src/lib/i18n/catalogues/id/index.js'
import errorTitle from './_error/+title.js'
import lang from './+lang.js'
import { onCreatePageContext as onClient } from './+onCreatePageContext.client.js'
import { onCreatePageContext as onServer } from './+onCreatePageContext.ssr.js'
import title from './+title.js'
import mapTitle from './map/+title.js'

const serverContext = (headers: Record<string, string> | null) => ({ headers }) as unknown as PageContextServer

test('default: the server takes the cookie, else Accept-Language, else English; lang and titles follow', () => {
  const spanish = serverContext({ 'accept-language': 'es-MX,es;q=0.9' })
  onServer(spanish)
  expect(spanish.locale).toBe('es')
  expect(spanish.messages).toBe(es)
  expect(lang(spanish)).toBe('es')
  expect(mapTitle(spanish)).toBe('Mapa · WorldMap')
  expect(title(spanish)).toBe('WorldMap')

  const chosen = serverContext({ 'accept-language': 'es', cookie: 'worldmap-lang=id' })
  onServer(chosen)
  expect(chosen.messages).toBe(id)
  expect(errorTitle(Object.assign(chosen, { is404: true }))).toBe('Halaman tidak ditemukan · WorldMap')

  const nothing = serverContext(null)
  onServer(nothing)
  expect([nothing.locale, nothing.messages]).toEqual(['en', en])
})

test('behavior: in the browser, later pages get the language the first page brought', () => {
  const first = { locale: 'id', messages: id } as unknown as PageContextClient
  onClient(first)
  const next = {} as PageContextClient
  onClient(next)
  expect([next.locale, next.messages]).toEqual(['id', id])
  expect(lang(next)).toBe('id')
})
