import type { DropKind, Rarity } from '@worldmap/game'
import { sendHapticFeedback } from '@worldmap/minikit'
import { type CSSProperties, useEffect, useId, useRef } from 'react'
import { DropArt } from '../art/DropArt.js'
import { dropKindInfo } from '../art/dropKindInfo.js'
import { dropLabel } from '../art/dropLabel.js'
import { rarityStyles } from '../art/rarityStyles.js'
import { type CatchHaptic, playCatchHaptics } from './catchHaptics.js'
import { useEscapeKey } from './useEscapeKey.js'
import { useFocusWhileOpen } from './useFocusWhileOpen.js'
import { usePrefersReducedMotion } from './usePrefersReducedMotion.js'
import './catchReveal.css'

/** Props of {@link CatchReveal} (fixed by the issue 12 contract). */
export interface CatchRevealProps {
  /** What was caught. */
  item: { kind: DropKind; rarity: Rarity }
  /** The player's first of this kind and rarity: "New!" instead of the count. */
  firstFind: boolean
  /** How many of this kind and rarity the player has now, this one included. */
  count: number
  /** Called on Continue or Escape; the reveal never closes by itself. */
  onDismiss: () => void
  /** Plays one haptic pulse; defaults to `sendHapticFeedback` from `@worldmap/minikit`. */
  haptic?: CatchHaptic
}

/**
 * The catch moment, shown over the map after a successful collect: the
 * item's art pops into its rarity's light, then its rarity, name, "New!"
 * (a first find) or "You have N", and its one-line description. Haptics
 * rise with rarity. It stays until dismissed (Continue or Escape); focus
 * moves to Continue and returns where it was afterwards. Under
 * `prefers-reduced-motion` nothing moves.
 *
 * @example
 * ```tsx
 * {caught && (
 *   <CatchReveal item={caught.item} firstFind={caught.firstFind} count={caught.count} onDismiss={() => setCaught(null)} />
 * )}
 * ```
 */
export function CatchReveal({ item, firstFind, count, onDismiss, haptic = sendHapticFeedback }: CatchRevealProps) {
  const reducedMotion = usePrefersReducedMotion()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const descriptionId = useId()
  const style = rarityStyles[item.rarity]
  const label = dropLabel(item)

  // Read through a ref so a parent re-rendering with a new arrow function does not replay the haptics.
  const hapticRef = useRef(haptic)
  hapticRef.current = haptic
  useEffect(() => playCatchHaptics(item.rarity, (input) => hapticRef.current(input)), [item.rarity])

  useFocusWhileOpen(buttonRef)
  useEscapeKey(onDismiss)

  return (
    <div
      className="catch-reveal"
      data-rarity={item.rarity}
      data-motion={reducedMotion ? 'reduced' : 'full'}
      style={{ '--catch-color': style.color, '--catch-glow': style.glow } as CSSProperties}
    >
      <div
        className="catch-reveal-card"
        role="dialog"
        aria-modal="true"
        aria-label={`You found: ${label}`}
        aria-describedby={descriptionId}
        onKeyDown={(event) => {
          // Continue is the only control: Tab must not walk out to the map behind.
          if (event.key === 'Tab') {
            event.preventDefault()
            buttonRef.current?.focus()
          }
        }}
      >
        <p className="catch-reveal-kicker">You found</p>
        <div className="catch-reveal-stage">
          {item.rarity !== 'common' && <div className="catch-reveal-rays" aria-hidden="true" />}
          <div className="catch-reveal-art">
            <DropArt kind={item.kind} rarity={item.rarity} size={160} />
          </div>
        </div>
        <p className="catch-reveal-rarity" style={{ background: style.color, color: style.textColor }}>
          {style.label}
        </p>
        <h2 className="catch-reveal-name">{dropKindInfo[item.kind].name}</h2>
        <div id={descriptionId} className="catch-reveal-text">
          {firstFind ? (
            <p className="catch-reveal-new">
              New! <span className="catch-reveal-new-sub">First one in your collection.</span>
            </p>
          ) : (
            <p className="catch-reveal-count">{`You have ${count}`}</p>
          )}
          <p className="catch-reveal-description">{dropKindInfo[item.kind].description}</p>
        </div>
        <button ref={buttonRef} type="button" className="button catch-reveal-continue" onClick={onDismiss}>
          Continue
        </button>
      </div>
    </div>
  )
}
