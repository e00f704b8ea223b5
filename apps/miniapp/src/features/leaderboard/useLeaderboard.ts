import type { LeaderboardReply } from '@worldmap/game/contract'
import { useCallback, useContext, useEffect, useRef, useState } from 'react'
import { ConnectivityContext } from '../../lib/connectivity/ConnectivityContext.js'
import { watchReconnect } from '../../lib/connectivity/createConnectivityStore.js'
import { LeaderboardError } from './LeaderboardError.js'

/** The shortest wait between two automatic fetches of the board (a callable costs a function run). */
export const LEADERBOARD_REFRESH_MS = 60_000

/** The board as home shows it. */
export interface LeaderboardState {
  /** The last board that arrived (kept while a refresh runs or after one fails); `null` before any. */
  reply: LeaderboardReply | null
  /** Why the last fetch failed; `null` after a success. */
  error: LeaderboardError | null
  /** A fetch is under way. */
  loading: boolean
  /** Fetch again now (the Try again button). */
  retry: () => void
}

// The last board per loader: coming back to home shows it at once while the
// fresh one loads, instead of a spinner every time.
const lastBoards = new WeakMap<() => Promise<LeaderboardReply>, LeaderboardReply>()

const toLeaderboardError = (error: unknown) =>
  error instanceof LeaderboardError ? error : new LeaderboardError('unavailable', { cause: error })

/**
 * The weekly leaderboard, fetched when the screen mounts (so returning to
 * home from the map shows new points), again every
 * {@link LEADERBOARD_REFRESH_MS} while the page is visible, and when the
 * page comes back from the background or the back-forward cache if a
 * refresh fell due meanwhile, and when the connection comes back after being
 * offline. Never faster: automatic fetches are at least a
 * minute apart. A reply that arrives after a newer request, or after
 * unmount, is dropped.
 *
 * @example
 * ```tsx
 * const board = useLeaderboard(getLeaderboard)
 * if (board.error && !board.reply) return <Retry onClick={board.retry} message={board.error.message} />
 * ```
 */
export function useLeaderboard(load: () => Promise<LeaderboardReply>): LeaderboardState {
  const [state, setState] = useState<Omit<LeaderboardState, 'retry'>>(() => ({
    reply: lastBoards.get(load) ?? null,
    error: null,
    loading: true,
  }))
  const fetchNow = useRef<() => void>(() => {})
  const connectivity = useContext(ConnectivityContext)

  useEffect(() => {
    let live = true
    let request = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    let due = false

    const visible = () => document.visibilityState !== 'hidden'
    const schedule = () => {
      clearTimeout(timer)
      timer = setTimeout(() => {
        if (visible()) refresh()
        else due = true
      }, LEADERBOARD_REFRESH_MS)
    }
    const refresh = () => {
      const id = ++request
      due = false
      schedule()
      setState((previous) => ({ ...previous, loading: true }))
      load().then(
        (reply) => {
          if (!live || id !== request) return
          lastBoards.set(load, reply)
          setState({ reply, error: null, loading: false })
        },
        (error: unknown) => {
          if (!live || id !== request) return
          const failure = toLeaderboardError(error)
          console.error('Failed to load the leaderboard', failure)
          setState((previous) => ({ ...previous, error: failure, loading: false }))
        },
      )
    }
    const onVisibility = () => {
      if (visible() && due) refresh()
    }
    const onPageShow = (event: PageTransitionEvent) => {
      // Restored from the back-forward cache: no mount happened, so this is the return to home.
      if (event.persisted) refresh()
    }

    fetchNow.current = refresh
    refresh()
    document.addEventListener('visibilitychange', onVisibility)
    window.addEventListener('pageshow', onPageShow)
    // Back online: a fresh board (the one shown may have failed, or be from before the blip).
    const stopReconnect = watchReconnect(connectivity, refresh)
    return () => {
      live = false
      stopReconnect()
      clearTimeout(timer)
      document.removeEventListener('visibilitychange', onVisibility)
      window.removeEventListener('pageshow', onPageShow)
    }
  }, [load, connectivity])

  const retry = useCallback(() => fetchNow.current(), [])
  return { ...state, retry }
}
