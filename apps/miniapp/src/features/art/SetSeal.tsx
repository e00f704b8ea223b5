import type { DropKind } from '@worldmap/game'
import { useId, useMemo } from 'react'
import { ArtSvg } from './ArtSvg.js'
import { setSealTree } from './setSealTree.js'
import { svgNodeToElement } from './svgNodeToElement.js'
import './dropArt.css'

/** Props of {@link SetSeal}. */
export interface SetSealProps {
  kind: DropKind
  earned: boolean
  /** Width and height in CSS pixels. */
  size: number
  /** Accessible name; without it the seal is decorative (text next to it says the same). */
  label?: string
  className?: string
}

/**
 * A kind's set seal on screen: gold with the kind's ribbons once every
 * rarity of it is found, a grey dashed outline before.
 *
 * @example
 * ```tsx
 * <SetSeal kind="coin" earned={row.completedAt !== null} size={40} />
 * ```
 */
export function SetSeal({ kind, earned, size, label, className }: SetSealProps) {
  const idPrefix = `seal-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`
  const children = useMemo(() => setSealTree({ kind, earned, idPrefix }).map(svgNodeToElement), [kind, earned, idPrefix])
  return (
    <ArtSvg
      className={className ? `set-seal ${className}` : 'set-seal'}
      size={size}
      label={label}
      data={{ kind, earned: earned ? 'true' : 'false' }}
    >
      {children}
    </ArtSvg>
  )
}
