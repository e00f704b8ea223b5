import { useContext, useEffect, useId, useLayoutEffect, useReducer, useState } from 'react'
import { ConnectivityContext } from '../../lib/connectivity/ConnectivityContext.js'
import { watchReconnect } from '../../lib/connectivity/createConnectivityStore.js'
import { formatDistance, useLocale, useT } from '../../lib/i18n/index.js'
import { kindName, rarityName } from '../art/dropNames.js'
import { rarityColors } from '../drops/rarityColors.js'
import { FlameIcon } from '../progress/FlameIcon.js'
import { loadWatchNearestDrops } from './loadWatchNearestDrops.js'
import type { NearDrop, NearestDropsState, watchNearestDrops } from './watchNearestDrops.js'
import './home.css'

/** Props of {@link NearestDropsCard}. */
export interface NearestDropsCardProps {
  /** The signed-in player: drops on the spots they found today are left out (the server would refuse them). */
  uid?: string
  /** The watcher's loader, for tests. */
  load?: () => Promise<typeof watchNearestDrops>
}

type CardState = NearestDropsState | { status: 'unavailable' }

/**
 * The home screen's card of the drops nearest the player, with distances
 * (never coordinates), each linking to the map with that drop selected
 * (`/map?drop=<dropId>`). Its logic loads after the first paint (it brings
 * the Firebase data source), so the card starts by finding the player.
 * Without a location it says so, with Try again (a new watch asks the
 * platform again, e.g. after the player allowed location in the settings).
 *
 * @example
 * ```tsx
 * <NearestDropsCard uid={user.uid} />
 * ```
 */
export function NearestDropsCard({ uid, load = loadWatchNearestDrops }: NearestDropsCardProps) {
  const titleId = useId()
  const t = useT()
  const [state, setState] = useState<CardState>({ status: 'locating' })
  // Try again: a new watch asks the platform for the location again (a refused watch stays refused).
  const [attempt, retry] = useReducer((count: number) => count + 1, 0)

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the trigger: each retry is a new watch
  useEffect(() => {
    let stop: (() => void) | undefined
    let live = true
    load().then(
      (watch) => {
        if (live) stop = watch(setState, uid === undefined ? {} : { uid })
      },
      (error: unknown) => {
        console.error('Failed to load the nearest drops', error)
        if (live) setState({ status: 'unavailable' })
      },
    )
    return () => {
      live = false
      stop?.()
    }
  }, [load, attempt, uid])

  // Its code failed to load (offline): a new watch once the connection is back, no tap needed. A layout
  // effect, so the subscription ends in the same commit that shows the loaded card: a passive one could
  // outlive it on a busy phone, and a blip in between would load and watch a second time.
  const connectivity = useContext(ConnectivityContext)
  const unavailable = state.status === 'unavailable'
  useLayoutEffect(() => (unavailable ? watchReconnect(connectivity, retry) : undefined), [unavailable, connectivity])

  return (
    <section className="card card-column" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {t('home.nearestTitle')}
      </h2>
      {state.status === 'locating' ? (
        <p className="card-sub">{t('home.locating')}</p>
      ) : state.status === 'no-location' ? (
        <div className="nearest-no-location">
          <p className="card-sub">{t('home.noLocation')}</p>
          <button type="button" className="button button-secondary button-small" onClick={retry}>
            {t('common.tryAgain')}
          </button>
        </div>
      ) : state.status === 'loading' ? (
        <p className="card-sub">{t('home.looking')}</p>
      ) : state.status === 'error' || state.status === 'unavailable' ? (
        <p className="card-sub" role="alert">
          {t('home.nearestFailed')}
        </p>
      ) : state.drops.length === 0 ? (
        <p className="card-sub">{t('home.noneNearby')}</p>
      ) : (
        <NearestList drops={state.drops} />
      )}
    </section>
  )
}

/** The drops, nearest first (the player's streak reward before them), each a link to it on the map. */
function NearestList({ drops }: { drops: NearDrop[] }) {
  const t = useT()
  const locale = useLocale()
  return (
    <ul className="nearest-list">
      {drops.map(({ drop, distance, reward }) => {
        const rarity = rarityColors[drop.rarity]
        return (
          <li key={drop.id} data-reward={reward || undefined}>
            <a href={`/map?drop=${encodeURIComponent(drop.id)}`} className="nearest-item">
              <span className="rarity-chip" style={{ background: rarity.color, color: rarity.textColor }}>
                {rarityName(t, drop.rarity)}
              </span>
              <span className="nearest-name">
                {kindName(t, drop.kind)}
                {reward && (
                  <span className="nearest-reward">
                    <FlameIcon size={16} />
                    {drop.streakDay ? t('home.rewardDay', { day: drop.streakDay }) : t('map.streakReward')}
                  </span>
                )}
              </span>
              <span className="nearest-distance">{formatDistance(distance, locale)}</span>
            </a>
          </li>
        )
      })}
    </ul>
  )
}
