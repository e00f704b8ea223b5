import type { DropKind, Rarity } from '@worldmap/game'
import { useId, useMemo } from 'react'
import { ArtSvg } from './ArtSvg.js'
import { dropArtTree } from './dropArtTree.js'
import { svgNodeToElement } from './svgNodeToElement.js'
import './dropArt.css'

/** Props of {@link DropArt}. */
export interface DropArtProps {
  kind: DropKind
  rarity: Rarity
  /** Width and height in CSS pixels; the drawing is made for 48–160. */
  size: number
  /** The "not found yet" variant: the frame's shape in grey and the item's outline only. */
  silhouette?: boolean
  /** Accessible name; without it the art is decorative (`aria-hidden`), for when text next to it names the item. */
  label?: string
  className?: string
}

/**
 * A drop's art: the kind's drawing in its rarity's frame (legendary glows),
 * or its silhouette for a missing item. Vector, drawn in code, sharp at any
 * size.
 *
 * @example
 * ```tsx
 * <DropArt kind="compass" rarity="legendary" size={160} label="Legendary Compass" />
 * <DropArt kind="relic" rarity="epic" size={48} silhouette />
 * ```
 */
export function DropArt({ kind, rarity, size, silhouette = false, label, className }: DropArtProps) {
  // Gradient ids must be unique in the document; React's ids contain characters url(#…) may not.
  const idPrefix = `drop-art-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const children = useMemo(
    () => dropArtTree({ kind, rarity, silhouette, idPrefix }).map(svgNodeToElement),
    [kind, rarity, silhouette, idPrefix],
  )
  return (
    <ArtSvg
      className={className ? `drop-art ${className}` : 'drop-art'}
      size={size}
      label={label}
      data={{ kind, rarity, silhouette: silhouette ? 'true' : undefined }}
    >
      {children}
    </ArtSvg>
  )
}
