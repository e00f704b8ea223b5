import type { MapDrop } from '@worldmap/game'
import { useT } from '../../lib/i18n/index.js'
import { verifyThenReturnTo } from '../verification/readReturnPath.js'

/** Props of {@link DropSheetAction}. */
export interface DropSheetActionProps {
  drop: MapDrop
  /** An error is shown above: no hint then. */
  error: string | null
  hint: string | null
  canCollect: boolean
  busy: boolean
  retry: boolean
  waiting: boolean
  verifyFirst: boolean
  onCollect: () => void
}

/**
 * The drop sheet's main action: Collect (or "Collecting…", "Waiting for a
 * connection…", "Try again") with the hint saying why it is off — or, for a
 * player who is not verified yet, a link to verify first that leads back to
 * this drop.
 *
 * @example
 * ```tsx
 * <DropSheetAction drop={drop} error={null} hint={null} canCollect busy={false} retry={false} waiting={false}
 *   verifyFirst={false} onCollect={collect} />
 * ```
 */
export function DropSheetAction({
  drop,
  error,
  hint,
  canCollect,
  busy,
  retry,
  waiting,
  verifyFirst,
  onCollect,
}: DropSheetActionProps) {
  const t = useT()
  if (verifyFirst) {
    return (
      <>
        {!error && <p className="drop-sheet-hint">{t('map.verifiedOnly')}</p>}
        <a href={verifyThenReturnTo(`/map?drop=${encodeURIComponent(drop.id)}`)} className="drop-sheet-collect drop-sheet-verify">
          {t('map.verifyFirst')}
        </a>
      </>
    )
  }
  return (
    <>
      {!error && hint && <p className="drop-sheet-hint">{hint}</p>}
      <button type="button" className="drop-sheet-collect" disabled={!canCollect || busy} aria-busy={busy} onClick={onCollect}>
        {t(busy ? 'map.collecting' : waiting ? 'map.waitingConnection' : retry ? 'common.tryAgain' : 'map.collect')}
      </button>
    </>
  )
}
