import { useCallback, useContext, useEffect, useId, useLayoutEffect, useState } from 'react'
import { ConnectivityContext } from '../../lib/connectivity/ConnectivityContext.js'
import { watchReconnect } from '../../lib/connectivity/createConnectivityStore.js'
import { offlineReason } from '../../lib/connectivity/offlineReason.js'
import { useConnectivity } from '../../lib/connectivity/useConnectivity.js'
import { useT } from '../../lib/i18n/index.js'
import type { LeaderboardSection, LeaderboardSectionProps } from './LeaderboardSection.js'
import { loadLeaderboardSection } from './loadLeaderboardSection.js'

/** Props of {@link LeaderboardCard}: the section's own, plus its loader for tests. */
export interface LeaderboardCardProps extends LeaderboardSectionProps {
  /** Loads the section's code. @default loadLeaderboardSection */
  loadSection?: () => Promise<typeof LeaderboardSection>
}

type Loaded = { status: 'loading' } | { status: 'ready'; Section: typeof LeaderboardSection } | { status: 'failed' }

// What each loader delivered: coming back to home renders the section at
// once (its last board included) instead of flashing the placeholder.
const loadedSections = new WeakMap<() => Promise<typeof LeaderboardSection>, typeof LeaderboardSection>()

/**
 * Home's leaderboard, lazily: a placeholder card with the same heading while
 * {@link LeaderboardSection}'s code loads, then the section. A chunk that
 * fails to load (offline) says so with Try again instead of breaking home.
 *
 * @example
 * ```tsx
 * <LeaderboardCard />
 * ```
 */
export function LeaderboardCard({ loadSection = loadLeaderboardSection, ...props }: LeaderboardCardProps) {
  const titleId = useId()
  const t = useT()
  const [loaded, setLoaded] = useState<Loaded>(() => {
    const Section = loadedSections.get(loadSection)
    return Section ? { status: 'ready', Section } : { status: 'loading' }
  })
  const [attempt, setAttempt] = useState(0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` changing is what Try again means: load again.
  useEffect(() => {
    let live = true
    const known = loadedSections.get(loadSection)
    if (known) {
      setLoaded({ status: 'ready', Section: known })
      return
    }
    setLoaded({ status: 'loading' })
    loadSection().then(
      (Section) => {
        loadedSections.set(loadSection, Section)
        if (live) setLoaded({ status: 'ready', Section })
      },
      (error: unknown) => {
        console.error('Failed to load the leaderboard', error)
        if (live) setLoaded({ status: 'failed' })
      },
    )
    return () => {
      live = false
    }
  }, [loadSection, attempt])

  const retry = useCallback(() => setAttempt((n) => n + 1), [])
  const offline = offlineReason(useConnectivity())
  // Failed offline: loaded again as soon as the connection is back, no tap needed. A layout effect, so the
  // subscription ends in the commit that shows the section (see NearestDropsCard: a blip before a passive
  // effect's cleanup would load it twice).
  const store = useContext(ConnectivityContext)
  const failed = loaded.status === 'failed'
  useLayoutEffect(() => (failed ? watchReconnect(store, retry) : undefined), [failed, store, retry])

  if (loaded.status === 'ready') return <loaded.Section {...props} />
  return (
    <section className="card card-column" aria-labelledby={titleId} aria-busy={loaded.status === 'loading'}>
      <h2 id={titleId} className="card-title">
        {t('leaderboard.title')}
      </h2>
      {loaded.status === 'loading' ? (
        <p className="card-sub">{t('leaderboard.loading')}</p>
      ) : (
        <>
          <p className="card-sub" role="alert">
            {t('leaderboard.loadFailed')}
          </p>
          <button type="button" className="button button-secondary" onClick={retry} disabled={offline !== null}>
            {t('common.tryAgain')}
          </button>
          {offline && <p className="card-sub">{t(offline)}</p>}
        </>
      )}
    </section>
  )
}
