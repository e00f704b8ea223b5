// The global <head> (+Head.tsx) and the public files it links: every icon and
// the manifest exist, with the sizes they claim.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { EARLY_ERRORS_SCRIPT } from '../src/lib/reporting/earlyErrors.js'
import { earlyErrorsScriptHash } from '../src/server/createSecurityHeaders.js'
import Head from './+Head.js'

const publicDir = join(import.meta.dirname, '..', 'public')

/** A PNG's width and height, from its IHDR chunk. */
function pngSize(file: string): string {
  const bytes = readFileSync(join(publicDir, file))
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`
}

test('default: the favicon, the app icons and the manifest are linked from every page', () => {
  const html = renderToStaticMarkup(<Head />)
  expect(html).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>')
  expect(html).toContain('<link rel="icon" href="/icon-192.png" type="image/png" sizes="192x192"/>')
  expect(html).toContain('<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180"/>')
  expect(html).toContain('<link rel="manifest" href="/manifest.json"/>')
  // Dark mode from the first paint: both schemes declared, World App's chrome coloured per scheme.
  expect(html).toContain('<meta name="color-scheme" content="light dark"/>')
  expect(html).toContain('<meta name="theme-color" media="(prefers-color-scheme: light)" content="#ffffff"/>')
  expect(html).toContain('<meta name="theme-color" media="(prefers-color-scheme: dark)" content="#0f1216"/>')
  // No more empty data: favicon.
  expect(html).not.toContain('data:')
  const icons = [...html.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="\/([^"]+)"[^>]*?(?:sizes="([^"]+)")?\/>/g)]
  expect(icons).toHaveLength(3)
  for (const [, href, sizes] of icons) {
    if (href?.endsWith('.png')) expect(pngSize(href)).toBe(sizes)
    else expect(readFileSync(join(publicDir, href as string), 'utf8')).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
  }
})

test('behavior: the head has one inline script, the early-errors hook, its text exactly what the CSP hash allows', () => {
  const html = renderToStaticMarkup(<Head />)
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1])
  expect(inline).toEqual([EARLY_ERRORS_SCRIPT])
  expect(earlyErrorsScriptHash(inline[0])).toBe(earlyErrorsScriptHash())
})

test('behavior: the manifest names the app and its icons, which exist at their sizes', () => {
  const manifest = JSON.parse(readFileSync(join(publicDir, 'manifest.json'), 'utf8')) as {
    name: string
    start_url: string
    icons: { src: string; sizes: string; type: string }[]
  }
  expect(manifest).toMatchObject({ name: 'WorldMap', start_url: '/', display: 'standalone' })
  expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']))
  for (const icon of manifest.icons) {
    if (icon.type === 'image/png') expect(pngSize(icon.src.slice(1))).toBe(icon.sizes)
    else expect(readFileSync(join(publicDir, icon.src.slice(1)), 'utf8')).toContain('<svg')
  }
})

test('behavior: robots.txt keeps the mini app out of search indexes', () => {
  expect(readFileSync(join(publicDir, 'robots.txt'), 'utf8')).toMatch(/^User-agent: \*\nDisallow: \/$/m)
})
