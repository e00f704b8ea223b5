import type { DropKind } from '@worldmap/game'
import { useMemo, useState } from 'react'
import { gameNow } from '../../lib/clock/gameClock.js'
import type { BookRow } from './buildCollectionBook.js'
import { markCelebrated, pickSetMoment, readCelebrated } from './setMoment.js'

/** The device's storage, where the browser has one: read at call time, never at import. */
function deviceStorage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage
  } catch {
    return undefined
  }
}

/**
 * The "Set complete" moment of the book: which set to celebrate now (see
 * {@link pickSetMoment}) and `done` to put it away for good on this device.
 * A set completed while the book is open shows at once, as the inventory
 * updates live.
 *
 * @example
 * ```tsx
 * const moment = useSetMoment(uid, book.rows)
 * {moment.kind && <SetCompleteMoment kind={moment.kind} onDone={moment.done} />}
 * ```
 */
export function useSetMoment(uid: string, rows: readonly BookRow[], now: () => number = gameNow) {
  const [celebrated, setCelebrated] = useState(() => readCelebrated(deviceStorage(), uid))
  const kind = useMemo(() => pickSetMoment(rows, celebrated, now()), [rows, celebrated, now])
  const done = (finished: DropKind) => {
    markCelebrated(deviceStorage(), uid, finished)
    setCelebrated((previous) => new Set([...previous, finished]))
  }
  return { kind, done }
}
