import type { DropKind } from '@worldmap/game'
import { useEffect, useId, useRef } from 'react'
import { useT } from '../../lib/i18n/index.js'
import { SetSeal } from '../art/SetSeal.js'

/** Props of {@link SetCompleteMoment}. */
export interface SetCompleteMomentProps {
  kind: DropKind
  /** The player has seen it: put it away for good. */
  onDone: (kind: DropKind) => void
}

/**
 * "Set complete!": the kind's seal stamped big at the top of the book, the
 * reward in words, and one button to put it away. Announced politely to
 * screen readers; the stamp animates only without reduced motion.
 *
 * @example
 * ```tsx
 * {moment.kind && <SetCompleteMoment kind={moment.kind} onDone={moment.done} />}
 * ```
 */
export function SetCompleteMoment({ kind, onDone }: SetCompleteMomentProps) {
  const t = useT()
  const titleId = useId()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const seal = t(`inventory.seal.${kind}`)

  useEffect(() => {
    // The moment is the news: bring it into view, as it sits above the fold only on a short book.
    buttonRef.current?.scrollIntoView?.({ block: 'nearest' })
  }, [])

  return (
    <section className="set-moment" aria-labelledby={titleId} data-kind={kind}>
      <div className="set-moment-seal">
        <SetSeal kind={kind} earned size={104} />
      </div>
      <div className="set-moment-text" role="status">
        <p className="set-moment-kicker">{t('inventory.momentKicker')}</p>
        <h2 id={titleId} className="set-moment-title">
          {t('inventory.momentTitle', { seal })}
        </h2>
        <p className="set-moment-body">{t('inventory.momentBody')}</p>
      </div>
      <button ref={buttonRef} type="button" className="button button-primary set-moment-done" onClick={() => onDone(kind)}>
        {t('inventory.momentDismiss')}
      </button>
    </section>
  )
}
