// @vitest-environment happy-dom
import { DROP_KINDS, RARITIES } from '@worldmap/game'
import { expect, test } from 'vitest'
import { renderDropArtSvg } from './renderDropArtSvg.js'
import { svgNodeToString } from './SvgNode.js'

test('default: a standalone SVG document of the requested size', () => {
  const svg = renderDropArtSvg({ kind: 'scroll', rarity: 'rare', size: 360 })
  expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="360" height="360" viewBox="0 0 100 100">')).toBe(true)
  expect(svg.endsWith('</svg>')).toBe(true)
  // The markup uses SVG's own attribute names, not React's.
  expect(svg).toContain('stroke-width=')
  expect(svg).toContain('stop-color=')
  expect(svg).not.toMatch(/strokeWidth|stopColor|className/)
  expect(svg).toContain('id="art-plate"')
})

test('behavior: it parses as SVG for every kind, rarity and silhouette, each different', () => {
  const parser = new DOMParser()
  const seen = new Set<string>()
  for (const kind of DROP_KINDS) {
    for (const rarity of RARITIES) {
      for (const silhouette of [false, true]) {
        const markup = renderDropArtSvg({ kind, rarity, size: 100, silhouette, idPrefix: 'x' })
        expect(markup).not.toMatch(/NaN|undefined/)
        const document = parser.parseFromString(markup, 'image/svg+xml')
        expect(document.documentElement.tagName.toLowerCase()).toBe('svg')
        expect(document.querySelector('parsererror')).toBeNull()
        seen.add(markup)
      }
    }
  }
  expect(seen.size).toBe(DROP_KINDS.length * RARITIES.length * 2)
})

test('parameters: attribute values are escaped and camelCase names mapped', () => {
  expect(
    svgNodeToString({
      tag: 'g',
      attrs: { className: 'a"b', gradientUnits: 'userSpaceOnUse', strokeLinecap: 'round' },
      children: [{ tag: 'circle', attrs: { r: 1, fill: '<&>' } }],
    }),
  ).toBe('<g class="a&quot;b" gradientUnits="userSpaceOnUse" stroke-linecap="round"><circle r="1" fill="&lt;&amp;&gt;"/></g>')
})

/** The item's drawing alone — the frame cut away, gradient ids made anonymous — from a rendered SVG document. */
function itemDrawing(markup: string): string {
  const document = new DOMParser().parseFromString(markup, 'image/svg+xml')
  expect(document.querySelector('parsererror')).toBeNull()
  const item = document.querySelector('g.drop-art-item')
  if (!item) throw new Error('no item group')
  return item.innerHTML.replace(/x-[a-z]+/g, 'ID')
}

test('behavior: 40 different drawings — every kind × rarity draws its own item, not only another frame', () => {
  const drawings = new Map<string, string>()
  for (const kind of DROP_KINDS) {
    for (const rarity of RARITIES) {
      const drawing = itemDrawing(renderDropArtSvg({ kind, rarity, size: 100, idPrefix: 'x' }))
      const twin = drawings.get(drawing)
      expect(twin, `${kind}/${rarity} draws the same item as ${twin}`).toBeUndefined()
      drawings.set(drawing, `${kind}/${rarity}`)
    }
  }
  expect(drawings.size).toBe(40)
})

test('behavior: the 40 silhouettes differ too, so a missing cell hints at what to look for', () => {
  const shapes = new Set<string>()
  for (const kind of DROP_KINDS) {
    for (const rarity of RARITIES) {
      shapes.add(itemDrawing(renderDropArtSvg({ kind, rarity, size: 100, silhouette: true, idPrefix: 'x' })))
    }
  }
  expect(shapes.size).toBe(40)
})

test('behavior: every gradient an item drawing uses is defined in its own document', () => {
  for (const kind of DROP_KINDS) {
    for (const rarity of RARITIES) {
      const markup = renderDropArtSvg({ kind, rarity, size: 100, idPrefix: 'x' })
      const defined = new Set([...markup.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]))
      for (const [, reference] of markup.matchAll(/url\(#([^)]+)\)/g)) expect(defined, `${kind}/${rarity}`).toContain(reference)
    }
  }
})
