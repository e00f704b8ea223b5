import { DROP_KINDS, type DropKind } from '@worldmap/game'
import type { BookRow } from './buildCollectionBook.js'

/** How long after a set is completed its "Set complete" moment may still show: a week, so a new device does not replay old sets. */
export const SET_MOMENT_WINDOW_MS = 7 * 24 * 60 * 60 * 1000

/**
 * The set whose "Set complete" moment the book should show now: the most
 * recently completed set this device has not celebrated yet, completed
 * within the last {@link SET_MOMENT_WINDOW_MS}; `null` for none. The set
 * itself comes from the inventory (the server's finds); only "already
 * celebrated here" is remembered on the device.
 *
 * @example
 * ```ts
 * pickSetMoment(book.rows, new Set(['gem']), Date.now()) // 'coin'
 * ```
 */
export function pickSetMoment(rows: readonly BookRow[], celebrated: ReadonlySet<DropKind>, now: number): DropKind | null {
  let best: BookRow | null = null
  for (const row of rows) {
    if (row.completedAt === null || celebrated.has(row.kind) || now - row.completedAt > SET_MOMENT_WINDOW_MS) continue
    if (!best || (best.completedAt ?? 0) < row.completedAt) best = row
  }
  return best?.kind ?? null
}

/** Where a device keeps the sets it has celebrated, per player. */
export function celebratedKey(uid: string): string {
  return `worldmap:setsCelebrated:${uid}`
}

/**
 * The sets this device has celebrated for `uid`. Storage that is missing,
 * blocked or holds junk reads as none: the worst case is a moment shown twice.
 *
 * @example
 * ```ts
 * readCelebrated(localStorage, uid) // Set { 'coin' }
 * ```
 */
export function readCelebrated(storage: Pick<Storage, 'getItem'> | undefined, uid: string): Set<DropKind> {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(celebratedKey(uid)) ?? '[]')
    const kinds: readonly string[] = DROP_KINDS
    return new Set(Array.isArray(raw) ? (raw.filter((kind) => kinds.includes(kind)) as DropKind[]) : [])
  } catch {
    return new Set()
  }
}

/**
 * Remember that this device celebrated `kind` for `uid`. A storage that
 * refuses (private mode, quota) is ignored: the moment may show again.
 *
 * @example
 * ```ts
 * markCelebrated(localStorage, uid, 'coin')
 * ```
 */
export function markCelebrated(storage: Pick<Storage, 'getItem' | 'setItem'> | undefined, uid: string, kind: DropKind): void {
  const kinds = readCelebrated(storage, uid)
  kinds.add(kind)
  try {
    storage?.setItem(celebratedKey(uid), JSON.stringify([...kinds]))
  } catch {
    // Nothing to do: the only cost is seeing the moment once more.
  }
}
