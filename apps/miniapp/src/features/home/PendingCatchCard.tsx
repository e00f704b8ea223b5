import { useEffect, useState } from 'react'
import { MapPinIcon } from '../../components/icons/MapPinIcon.js'
import { useT } from '../../lib/i18n/index.js'
import { createPendingCollects, getPendingStorage, type PendingStorage } from '../collect/pendingCollects.js'

/** Props of {@link PendingCatchCard}. */
export interface PendingCatchCardProps {
  /** The signed-in player. */
  uid: string
  /** Where pending collects are kept; defaults to `localStorage`. */
  storage?: PendingStorage | null
}

/**
 * On home, after a reload or a crash in the middle of a collect: a card
 * saying a catch is waiting, linking to the map, which asks the server
 * again and reveals it (see `useCollect`). Nothing when no collect is
 * pending. Read once the page is interactive (storage is the browser's).
 *
 * @example
 * ```tsx
 * <PendingCatchCard uid={user.uid} />
 * ```
 */
export function PendingCatchCard({ uid, storage }: PendingCatchCardProps) {
  const [waiting, setWaiting] = useState(0)
  const t = useT()
  useEffect(() => {
    setWaiting(createPendingCollects(storage === undefined ? getPendingStorage() : storage, uid).list().length)
  }, [uid, storage])
  if (waiting === 0) return null
  return (
    <a href="/map" className="card pending-catch">
      <MapPinIcon size={28} />
      <span className="pending-catch-text">
        <strong>{t('home.pending', { count: waiting })}</strong>
        <span className="card-sub">{t('home.pendingSub')}</span>
      </span>
    </a>
  )
}
