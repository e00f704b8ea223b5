import { useId } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { Avatar } from '../../components/Avatar.js'
import { MapPinIcon } from '../../components/icons/MapPinIcon.js'
import { gameNow } from '../../lib/clock/gameClock.js'
import type { WatchValue } from '../../lib/firebase/WatchValue.js'
import { watchFirebaseValue } from '../../lib/firebase/watchFirebaseValue.js'
import { formatNumber, useLocale, useT } from '../../lib/i18n/index.js'
import { useAuth } from '../auth/useAuth.js'
import { countFinds } from '../finds/countFinds.js'
import { useInventory } from '../finds/useInventory.js'
import { LeaderboardCard, type LeaderboardCardProps } from '../leaderboard/LeaderboardCard.js'
import { getDisplayAvatar, getDisplayName } from '../profile/getDisplayName.js'
import { ProgressCard } from '../progress/ProgressCard.js'
import { readReturnPath } from '../verification/readReturnPath.js'
import { useVerifiedLevel } from '../verification/useVerifiedLevel.js'
import type { VerifyHumanOptions } from '../verification/useVerifyHuman.js'
import { VerifyHumanCard } from '../verification/VerifyHumanCard.js'
import { NearestDropsCard, type NearestDropsCardProps } from './NearestDropsCard.js'
import { PendingCatchCard } from './PendingCatchCard.js'

/** Props of {@link HomeScreen}; all for tests, each with a production default. */
export interface HomeScreenProps {
  /** Database listener (inventory, verification); defaults to the app's Firebase database. */
  watch?: WatchValue
  /** The nearest-drops watcher's loader. */
  loadNearestDrops?: NearestDropsCardProps['load']
  /** The clock that decides what "today" is (and when the leaderboard's week resets). */
  now?: () => number
  /** The zone "today" is counted in when the progress record names none; defaults to the device's. */
  timeZone?: string
  /** Fetches the leaderboard; defaults to the `getLeaderboard` callable. */
  loadLeaderboard?: LeaderboardCardProps['load']
  /** Loads the leaderboard's code; defaults to its lazy chunk. */
  loadLeaderboardSection?: LeaderboardCardProps['loadSection']
  /** What the verify card runs on (World App's `verify`, the `verifyHuman` callable…); production defaults. */
  verifyHuman?: VerifyHumanOptions
  /**
   * Where to send the player once verified here; defaults to the page URL's
   * `?next=` when it is a map path (the map's "Verify you're human first").
   */
  returnTo?: string | null
}

/**
 * / (home), in the order a returning player needs it: a greeting with the
 * user's avatar and name; a "Verify you're human" card until the profile has
 * a World ID level, which verifies right here and then leads back to the
 * map (or to the drop the player came from, `?next=`); today's progress
 * toward the daily goal and the streak (the reason to come back today); the
 * drops nearest the player, each opening the map on it, and the way into
 * the map; this week's humans-only leaderboard (its own lazy chunk); and
 * the inventory's counts.
 *
 * @example
 * ```tsx
 * <HomeScreen />
 * ```
 */
export function HomeScreen({
  watch = watchFirebaseValue,
  loadNearestDrops,
  now = gameNow,
  timeZone,
  loadLeaderboard,
  loadLeaderboardSection,
  verifyHuman,
  returnTo,
}: HomeScreenProps) {
  const { user } = useAuth()
  const t = useT()
  // Outside Vike's page tree (tests) there is no page context.
  const pageContext = usePageContext() as ReturnType<typeof usePageContext> | undefined
  const next = returnTo === undefined ? readReturnPath(pageContext?.urlParsed?.search.next) : returnTo
  // The same listener VerifyHumanCard holds (the SDK shares one per path): the board asks again once the player verifies here.
  const verified = useVerifiedLevel(user?.uid ?? null, watch)
  if (!user) return null
  return (
    <section className="home">
      <div className="home-greeting">
        <Avatar pictureUrl={getDisplayAvatar(user)} size={48} />
        <div>
          <p className="home-hello">{t('home.hello')}</p>
          <h1 className="home-name">{getDisplayName(user, t('profile.fallbackName'))}</h1>
        </div>
      </div>
      <PendingCatchCard uid={user.uid} />
      <VerifyHumanCard uid={user.uid} watch={watch} returnTo={next} {...verifyHuman} />
      <ProgressCard uid={user.uid} watch={watch} now={now} {...(timeZone ? { timeZone } : {})} />
      <NearestDropsCard uid={user.uid} {...(loadNearestDrops ? { load: loadNearestDrops } : {})} />
      <a href="/map" className="card card-cta">
        <MapPinIcon size={28} />
        <span>
          <strong>{t('common.openMap')}</strong>
          <span className="card-sub">{t('home.openMapSub')}</span>
        </span>
      </a>
      <LeaderboardCard
        now={now}
        verifiedLevel={verified.status === 'ready' ? verified.level : undefined}
        {...(loadLeaderboard ? { load: loadLeaderboard } : {})}
        {...(loadLeaderboardSection ? { loadSection: loadLeaderboardSection } : {})}
      />
      <FindsSummary uid={user.uid} watch={watch} now={now} />
    </section>
  )
}

function FindsSummary({ uid, watch, now }: { uid: string; watch: WatchValue; now: () => number }) {
  const titleId = useId()
  const t = useT()
  const locale = useLocale()
  const inventory = useInventory(uid, watch)
  const finds = inventory.status === 'ready' ? countFinds(inventory.items, now()) : null
  return (
    <section className="card card-column" aria-labelledby={titleId} aria-busy={inventory.status === 'loading'}>
      <h2 id={titleId} className="card-title">
        {t('home.findsTitle')}
      </h2>
      {inventory.status === 'error' ? (
        <p className="card-sub" role="alert">
          {t('home.findsFailed')}
        </p>
      ) : (
        <dl className="finds">
          <div>
            <dt>{t('home.today')}</dt>
            <dd>{finds ? formatNumber(finds.today, locale) : '–'}</dd>
          </div>
          <div>
            <dt>{t('home.total')}</dt>
            <dd>{finds ? formatNumber(finds.total, locale) : '–'}</dd>
          </div>
        </dl>
      )}
      <a href="/inventory" className="card-link">
        {t('home.seeInventory')}
      </a>
    </section>
  )
}
