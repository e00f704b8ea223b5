import type { ReactNode } from 'react'
import { DROP_ART_VIEWBOX } from './dropArtTree.js'

/** Props of {@link ArtSvg}. */
export interface ArtSvgProps {
  /** The drawing's own class (`drop-art`, `set-seal`), then the caller's. */
  className: string
  /** Width and height in CSS pixels. */
  size: number
  /** Accessible name; without it the drawing is decorative (`aria-hidden`). */
  label?: string | undefined
  /** `data-*` attributes, for styles and tests (`{ kind: 'gem' }` → `data-kind="gem"`). */
  data: Record<string, string | undefined>
  children: ReactNode
}

/**
 * The `<svg>` every drawing of the app sits in: the 100 × 100 box scaled to
 * `size`, named for screen readers or hidden from them.
 *
 * @example
 * ```tsx
 * <ArtSvg className="drop-art" size={48} data={{ kind: 'gem' }}>{children}</ArtSvg>
 * ```
 */
export function ArtSvg({ className, size, label, data, children }: ArtSvgProps) {
  const dataAttributes = Object.fromEntries(Object.entries(data).map(([name, value]) => [`data-${name}`, value]))
  return (
    <svg
      className={className}
      width={size}
      height={size}
      viewBox={DROP_ART_VIEWBOX}
      {...dataAttributes}
      focusable="false"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      {children}
    </svg>
  )
}
