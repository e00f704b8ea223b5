import { DROP_KINDS, RARITIES } from '@worldmap/game'
import { expect, test } from 'vitest'
import { renderDropArtSvg } from '../art/renderDropArtSvg.js'
import { MARKER_ART_SIZE, markerArtUrl } from './markerArtUrl.js'

test('default: the kind’s drawing in its rarity, as an SVG data URL at the marker’s size', () => {
  const url = markerArtUrl('compass', 'epic')
  expect(url.startsWith('data:image/svg+xml,')).toBe(true)
  const svg = decodeURIComponent(url.slice('data:image/svg+xml,'.length))
  expect(svg).toBe(renderDropArtSvg({ kind: 'compass', rarity: 'epic', size: MARKER_ART_SIZE, idPrefix: 'marker-compass-epic' }))
})

test('behavior: one drawing per kind and rarity, 40 in all, each its own and made once', () => {
  const all = DROP_KINDS.flatMap((kind) => RARITIES.map((rarity) => markerArtUrl(kind, rarity)))
  expect(new Set(all).size).toBe(DROP_KINDS.length * RARITIES.length)
  expect(markerArtUrl('gem', 'rare')).toBe(markerArtUrl('gem', 'rare'))
})
