import { RARITIES, RARITY_POINTS } from '@worldmap/game'
import type { LeaderboardEntry, LeaderboardReply } from '@worldmap/game/contract'
import type { VerificationLevel } from '@worldmap/minikit'
import { useEffect, useId, useRef, useState } from 'react'
import { Avatar } from '../../components/Avatar.js'
import { useSignedInUser } from '../auth/useSignedInUser.js'
import { getDisplayAvatar, getDisplayName } from '../profile/getDisplayName.js'
import { useClock } from '../progress/useClock.js'
import { describeWeek } from './describeWeek.js'
import { getLeaderboard } from './getLeaderboard.js'
import { leaderboardLoaderFor } from './leaderboardLoaderFor.js'
import { useLeaderboard } from './useLeaderboard.js'
import './leaderboard.css'
import { gameNow } from '../../lib/clock/gameClock.js'
import { offlineReason } from '../../lib/connectivity/offlineReason.js'
import { useConnectivity } from '../../lib/connectivity/useConnectivity.js'
import { type Translate, useLocale, useT } from '../../lib/i18n/index.js'
import type { LeaderboardError } from './LeaderboardError.js'
import { standingOf } from './standingOf.js'

/** Props of {@link LeaderboardSection}; each has a production default. */
export interface LeaderboardSectionProps {
  /** Fetches the board. @default the signed-in player's {@link leaderboardLoaderFor} (publishes their card, then `getLeaderboard`) */
  load?: () => Promise<LeaderboardReply>
  /** The game clock (server time), for "resets in 2 days". @default the game clock */
  now?: () => number
  /** Rows shown before "Show all". @default 10 */
  shown?: number
  /**
   * The player's recorded World ID level as the screen around knows it
   * (`undefined` while it loads). When it arrives or changes after it was
   * known, the board is fetched again: verifying in place on home keeps this
   * board mounted, and its "Verify you're human to join" must give way to the
   * player's row.
   */
  verifiedLevel?: VerificationLevel | null | undefined
}

const points = (t: Translate, count: number) => t('common.points', { count })

/**
 * Home's humans-only weekly leaderboard: the week and when it resets (the
 * UTC boundary stated), the top players with rank, avatar, username and
 * points, the player's own row highlighted — or, when it is not in view,
 * their rank on a separate row below ("You · #213 · 12 pts"). Players who
 * are not on the board are asked to verify; an empty week invites the first
 * score; a failed fetch says so with Try again. The code loads lazily
 * (see `LeaderboardCard`).
 *
 * @example
 * ```tsx
 * <LeaderboardSection />
 * ```
 */
export function LeaderboardSection({ load: given, now = gameNow, shown = 10, verifiedLevel }: LeaderboardSectionProps) {
  const user = useSignedInUser()
  const load = given ?? (user ? leaderboardLoaderFor(user) : getLeaderboard)
  const titleId = useId()
  const listId = useId()
  const t = useT()
  const locale = useLocale()
  const board = useLeaderboard(load)
  useRefetchOnNewLevel(verifiedLevel, board.retry)
  const at = useClock(now, 60_000)
  const [showAll, setShowAll] = useState(false)
  const { reply, error } = board
  const week = reply ? describeWeek(reply, at, t, locale) : null

  return (
    <section
      className="card card-column leaderboard"
      aria-labelledby={titleId}
      aria-busy={board.loading}
      data-testid="leaderboard"
    >
      <div className="leaderboard-head">
        <h2 id={titleId} className="card-title">
          {t('leaderboard.title')}
        </h2>
        <p className="card-sub leaderboard-week">
          {week ? t('leaderboard.weekHumansOnly', { week: week.label }) : t('leaderboard.humansOnly')}
        </p>
        {week ? (
          <p className="card-sub leaderboard-resets" data-testid="leaderboard-resets">
            {week.resets}
          </p>
        ) : null}
      </div>

      {!reply ? (
        error ? (
          <Failure error={error} onRetry={board.retry} busy={board.loading} />
        ) : (
          <p className="card-sub leaderboard-loading">{t('leaderboard.loading')}</p>
        )
      ) : (
        <>
          {reply.entries.length === 0 ? (
            <p className="leaderboard-empty">{t('leaderboard.empty')}</p>
          ) : (
            <Standings entries={reply.entries} you={reply.you} listId={listId} limit={showAll ? Infinity : shown} />
          )}
          {reply.entries.length > shown ? (
            <button
              type="button"
              className="button button-secondary leaderboard-more"
              aria-expanded={showAll}
              aria-controls={listId}
              onClick={() => setShowAll((value) => !value)}
            >
              {showAll ? t('leaderboard.showFewer') : t('leaderboard.showAll', { count: reply.entries.length })}
            </button>
          ) : null}
          <YourStanding reply={reply} verifiedLevel={verifiedLevel} />
          {error ? <Failure error={error} onRetry={board.retry} busy={board.loading} /> : null}
          <details className="leaderboard-rules">
            <summary>{t('leaderboard.rulesTitle')}</summary>
            <p className="card-sub">{t('leaderboard.rules')}</p>
            <ul className="leaderboard-scale">
              {RARITIES.map((rarity) => (
                <li key={rarity}>
                  <span>{t(`drops.rarity.${rarity}`)}</span>
                  <span>{points(t, RARITY_POINTS[rarity])}</span>
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </section>
  )
}

function Standings({
  entries,
  you,
  listId,
  limit,
}: {
  entries: readonly LeaderboardEntry[]
  you: LeaderboardReply['you']
  listId: string
  limit: number
}) {
  const t = useT()
  const visible = entries.slice(0, limit)
  const youOutside = you.ranked && you.rank !== null && !visible.some((entry) => entry.you)
  return (
    <>
      <ol id={listId} className="leaderboard-list" aria-label={t('leaderboard.topPlayers')}>
        {visible.map((entry, index) => (
          // Ranks repeat on ties and names may be missing: the position is the stable key.
          <li
            // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no id (the reply carries no uid by design).
            key={index}
            className="leaderboard-row"
            data-you={entry.you || undefined}
            aria-current={entry.you ? 'true' : undefined}
          >
            <span className="leaderboard-rank">{t('leaderboard.rank', { rank: entry.rank })}</span>
            <Avatar pictureUrl={getDisplayAvatar(entry)} size={32} alt="" />
            <span className="leaderboard-name">{getDisplayName(entry, t('profile.fallbackName'))}</span>
            {entry.you ? <span className="leaderboard-you-badge">{t('leaderboard.you')}</span> : null}
            <span className="leaderboard-points">{points(t, entry.points)}</span>
          </li>
        ))}
      </ol>
      {youOutside ? (
        <p className="leaderboard-row leaderboard-you" data-you="true" data-testid="leaderboard-you">
          {t('leaderboard.youRow', { rank: you.rank ?? 0, points: points(t, you.points) })}
        </p>
      ) : null}
    </>
  )
}

/**
 * Fetch the board again when the player's level changes after it was first
 * known (null → orb: they just verified). The first answer of a loading level
 * changes nothing: the board was fetched on mount with that level already.
 */
function useRefetchOnNewLevel(level: VerificationLevel | null | undefined, refetch: () => void) {
  const seen = useRef(level)
  useEffect(() => {
    const before = seen.current
    seen.current = level
    if (before !== undefined && level !== undefined && level !== before) refetch()
  }, [level, refetch])
}

function YourStanding({
  reply,
  verifiedLevel,
}: {
  reply: LeaderboardReply
  verifiedLevel: VerificationLevel | null | undefined
}) {
  const t = useT()
  const standing = standingOf(verifiedLevel, reply.you)
  if (standing === 'unverified' || standing === 'orb_needed') {
    const unverified = standing === 'unverified'
    return (
      <a href="/profile" className="leaderboard-join" data-standing={standing}>
        <strong>{t(unverified ? 'leaderboard.joinTitle' : 'leaderboard.orbTitle')}</strong>
        <span className="card-sub">{t(unverified ? 'leaderboard.joinSub' : 'leaderboard.orbSub')}</span>
      </a>
    )
  }
  // An empty week already says "be the first".
  if (standing === 'no_points_yet' && reply.entries.length > 0) {
    return (
      <p className="card-sub leaderboard-unscored" data-standing={standing}>
        {t('leaderboard.noPointsYet')}
      </p>
    )
  }
  return null
}

function Failure({ error, onRetry, busy }: { error: LeaderboardError; onRetry: () => void; busy: boolean }) {
  const t = useT()
  const offline = offlineReason(useConnectivity())
  return (
    <div className="leaderboard-failure">
      <p className="card-sub" role="alert">
        {t(`leaderboard.error.${error.code}`)}
      </p>
      <button type="button" className="button button-secondary" onClick={onRetry} disabled={busy || offline !== null}>
        {t('common.tryAgain')}
      </button>
      {offline && <p className="card-sub">{t(offline)}</p>}
    </div>
  )
}
