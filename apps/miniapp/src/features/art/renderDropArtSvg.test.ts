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
