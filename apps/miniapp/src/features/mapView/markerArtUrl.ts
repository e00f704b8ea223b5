import type { DropKind, Rarity } from '@worldmap/game'
import { renderDropArtSvg } from '../art/renderDropArtSvg.js'

/** The drawing's size inside a marker's 24 px disc (over its 3 px ring a little, which it sits on), px. */
export const MARKER_ART_SIZE = 18

// One data URL per kind and rarity (40 at most), made the first time a marker needs it.
const urls = new Map<string, string>()

/**
 * The kind's drawing, in its rarity's version, as an `<img>` source for a
 * map marker: a `data:` URL (allowed by the page's `img-src`), so each
 * marker's gradients keep ids of their own without clashing in the page.
 *
 * @example
 * ```ts
 * image.src = markerArtUrl('compass', 'epic')
 * ```
 */
export function markerArtUrl(kind: DropKind, rarity: Rarity): string {
  const key = `${kind}/${rarity}`
  let url = urls.get(key)
  if (!url) {
    const svg = renderDropArtSvg({ kind, rarity, size: MARKER_ART_SIZE, idPrefix: `marker-${kind}-${rarity}` })
    url = `data:image/svg+xml,${encodeURIComponent(svg)}`
    urls.set(key, url)
  }
  return url
}
