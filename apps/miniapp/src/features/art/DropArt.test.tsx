// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { DROP_KINDS, RARITIES } from '@worldmap/game'
import { expect, test } from 'vitest'
import { DropArt } from './DropArt.js'
import { SILHOUETTE_BORDER, SILHOUETTE_FILL, SILHOUETTE_PLATE } from './rarityFrame.js'
import { rarityStyles } from './rarityStyles.js'
import { renderDropArtSvg } from './renderDropArtSvg.js'

/** The drawing without its instance-specific gradient ids, so two renders compare by shape. */
function drawing(svg: SVGSVGElement): string {
  return svg.innerHTML.replace(/drop-art-[\w-]+?-(\w+)"/g, 'ID-$1"').replace(/url\(#drop-art-[\w-]+?-(\w+)\)/g, 'url(#ID-$1)')
}

function art(props: Parameters<typeof DropArt>[0]): SVGSVGElement {
  const { container } = render(<DropArt {...props} />)
  const svg = container.querySelector('svg')
  if (!svg) throw new Error('no <svg>')
  return svg
}

test('default: one distinct drawing per kind, in every rarity', () => {
  for (const rarity of RARITIES) {
    const drawings = DROP_KINDS.map((kind) => drawing(art({ kind, rarity, size: 96 })))
    expect(new Set(drawings).size).toBe(DROP_KINDS.length)
  }
})

test('default: one distinct frame per rarity, in the rarity colour, for every kind', () => {
  for (const kind of DROP_KINDS) {
    const frames = RARITIES.map((rarity) => {
      const svg = art({ kind, rarity, size: 96 })
      // The frame is what sits outside the item group.
      const frame = [...svg.children].filter((child) => !child.classList.contains('drop-art-item'))
      expect(svg.innerHTML).toContain(rarityStyles[rarity].color)
      return frame.map((child) => child.outerHTML.replace(/drop-art-[\w-]+?-(\w+)/g, 'ID-$1')).join('')
    })
    expect(new Set(frames).size).toBe(RARITIES.length)
  }
})

test('behavior: the legendary frame glows and sparkles; the others do not', () => {
  for (const rarity of RARITIES) {
    const svg = art({ kind: 'relic', rarity, size: 96 })
    expect(svg.querySelector('.drop-art-glow') !== null).toBe(rarity === 'legendary')
    expect(svg.querySelectorAll('.drop-art-sparkle').length > 0).toBe(rarity === 'legendary')
  }
})

test('parameters: size, data attributes and the accessible name', () => {
  const labelled = art({ kind: 'compass', rarity: 'epic', size: 160, label: 'Epic Compass' })
  expect(labelled.getAttribute('width')).toBe('160')
  expect(labelled.getAttribute('height')).toBe('160')
  expect(labelled.getAttribute('viewBox')).toBe('0 0 100 100')
  expect(labelled.dataset).toMatchObject({ kind: 'compass', rarity: 'epic' })
  expect(labelled.getAttribute('role')).toBe('img')
  expect(labelled.getAttribute('aria-label')).toBe('Epic Compass')
  expect(labelled.hasAttribute('aria-hidden')).toBe(false)

  const decorative = art({ kind: 'compass', rarity: 'epic', size: 48, className: 'extra' })
  expect(decorative.getAttribute('aria-hidden')).toBe('true')
  expect(decorative.hasAttribute('role')).toBe(false)
  expect(decorative.getAttribute('class')).toBe('drop-art extra')
})

test('behavior: a silhouette is the kind’s shape in flat grey in the rarity’s frame shape', () => {
  const allowed = new Set([SILHOUETTE_FILL, SILHOUETTE_PLATE, SILHOUETTE_BORDER, 'none'])
  const silhouettes = new Set<string>()
  for (const kind of DROP_KINDS) {
    const frames = new Set<string>()
    for (const rarity of RARITIES) {
      const svg = art({ kind, rarity, size: 56, silhouette: true })
      expect(svg.dataset.silhouette).toBe('true')
      // No gradients, no colour: nothing tells what the item will look like.
      expect(svg.querySelector('linearGradient, radialGradient')).toBeNull()
      for (const element of svg.querySelectorAll('*')) {
        for (const attribute of ['fill', 'stroke']) {
          const value = element.getAttribute(attribute)
          if (value !== null) expect(allowed, `${kind} ${rarity} ${attribute}`).toContain(value)
        }
      }
      expect(drawing(svg)).not.toBe(drawing(art({ kind, rarity, size: 56 })))
      frames.add(svg.firstElementChild?.outerHTML ?? '')
      if (rarity === 'common') silhouettes.add(drawing(svg))
    }
    // The frame's shape still says which rarity is missing.
    expect(frames.size).toBe(RARITIES.length)
  }
  expect(silhouettes.size).toBe(DROP_KINDS.length)
})

test('behavior: gradient ids are unique per drawing and every reference resolves inside its own drawing', () => {
  const { container } = render(
    <>
      <DropArt kind="gem" rarity="legendary" size={48} />
      <DropArt kind="gem" rarity="legendary" size={48} />
    </>,
  )
  const ids = [...container.querySelectorAll('[id]')].map((element) => element.id)
  expect(ids.length).toBeGreaterThan(0)
  expect(new Set(ids).size).toBe(ids.length)
  for (const svg of container.querySelectorAll('svg')) {
    const own = new Set([...svg.querySelectorAll('[id]')].map((element) => element.id))
    const references = [...svg.innerHTML.matchAll(/url\(#([^)]+)\)/g)].map((match) => match[1])
    expect(references.length).toBeGreaterThan(0)
    for (const reference of references) expect(own).toContain(reference)
  }
})

test('behavior: the share card’s SVG string is the same drawing as the component', () => {
  const parser = new DOMParser()
  for (const kind of DROP_KINDS) {
    for (const rarity of RARITIES) {
      const onScreen = art({ kind, rarity, size: 120 })
      const prefix = onScreen.querySelector('[id]')?.id.replace(/-plate$/, '') ?? ''
      const markup = renderDropArtSvg({ kind, rarity, size: 120, idPrefix: prefix })
      const parsed = parser.parseFromString(markup, 'image/svg+xml').documentElement
      expect(parsed.innerHTML).toBe(onScreen.innerHTML)
    }
  }
})
