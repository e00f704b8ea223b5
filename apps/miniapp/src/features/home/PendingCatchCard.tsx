import { useEffect, useState } from 'react'
import { MapPinIcon } from '../../components/icons/MapPinIcon.js'
import { createPendingCollects, getPendingStorage, type PendingStorage } from '../map/pendingCollects.js'

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
  useEffect(() => {
    setWaiting(createPendingCollects(storage === undefined ? getPendingStorage() : storage, uid).list().length)
  }, [uid, storage])
  if (waiting === 0) return null
  return (
    <a href="/map" className="card pending-catch">
      <MapPinIcon size={28} />
      <span className="pending-catch-text">
        <strong>{waiting === 1 ? 'A catch is waiting for you' : `${waiting} catches are waiting for you`}</strong>
        <span className="card-sub">Open the map to see what you found.</span>
      </span>
    </a>
  )
}
