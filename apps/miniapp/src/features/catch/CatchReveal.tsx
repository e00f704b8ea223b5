import type { DropKind, Rarity } from '@worldmap/game'
import { sendHapticFeedback } from '@worldmap/minikit'
import { type CSSProperties, type KeyboardEvent, useEffect, useId, useRef } from 'react'
import type { CompassDirection } from '../../lib/geo/compassDirectionOf.js'
import { formatDistance, useLocale, useT } from '../../lib/i18n/index.js'
import { DropArt } from '../art/DropArt.js'
import { dropName, kindDescription, kindName, rarityName } from '../art/dropNames.js'
import { rarityStyles } from '../art/rarityStyles.js'
import { FlameIcon } from '../progress/FlameIcon.js'
import { CatchReward } from './CatchReward.js'
import { CATCH_HAPTIC_STEP_MS, type CatchHaptic, catchHaptics, celebrationHaptics, playHapticPattern } from './catchHaptics.js'
import { catchMomentOf } from './catchMoment.js'
import type { Catch } from './catchOf.js'
import { revealTimings } from './revealTimings.js'
import { useEscapeKey } from './useEscapeKey.js'
import { useFocusWhileOpen } from './useFocusWhileOpen.js'
import { usePrefersReducedMotion } from './usePrefersReducedMotion.js'
import { useRevealPhase } from './useRevealPhase.js'
import './catchReveal.css'

/** Props of {@link CatchReveal} (the issue 12 contract, plus the reward of issue 24). */
export interface CatchRevealProps {
  /**
   * The {@link Catch} whole, as `collectDrop`'s contract row types it: what was caught (`item`), "New!"
   * instead of the count (`firstFind`), how many the player has now (`count`), the weekly points it earned
   * (`points`; 0 or missing shows none) and the day's progress just after it (`progress`; missing shows no ring).
   */
  caught: Catch
  /**
   * The player's streak reward waiting on the map (not the drop just caught):
   * the reveal says what it is, how far and which way, with "Show me".
   */
  streakReward?: StreakRewardAhead | undefined
  /** Called on Continue or Escape; the reveal never closes by itself. */
  onDismiss: () => void
  /** Plays one haptic pulse; defaults to `sendHapticFeedback` from `@worldmap/minikit`. */
  haptic?: CatchHaptic
}

/** A streak reward waiting for the player, as the reveal announces it. */
export interface StreakRewardAhead {
  item: { kind: DropKind; rarity: Rarity }
  /** The streak day it rewards (3 or 7); `null` when the record does not say. */
  streakDay: number | null
  /** From the player, metres. */
  meters: number
  /** Which way to set off. */
  direction: CompassDirection
  /** Close the reveal and show the reward on the map (its sheet, the camera on it). */
  onShow: () => void
}

/**
 * The catch moment, shown over the map after a successful collect: the
 * item's art pops into its rarity's light (rare and up gather it first and
 * pop bigger and slower, legendary the most: `revealTimings`), then its
 * rarity, name, "New!" or "You have N", its description, the points it
 * earned and the day's goal ring filling from before the find to after it.
 * A find that meets the day's goal or carries the streak into a new day
 * ends in a celebration ("Goal met — 3-day streak") with a haptic of its
 * own, announced politely. It stays until dismissed (Continue or Escape);
 * focus sits on Continue throughout and returns where it was afterwards.
 * Under `prefers-reduced-motion` nothing moves and everything is there at once.
 *
 * @example
 * ```tsx
 * {caught && <CatchReveal caught={caught} onDismiss={() => setCaught(null)} />}
 * ```
 */
export function CatchReveal(props: CatchRevealProps) {
  const { caught, onDismiss } = props
  const { item, firstFind, count } = caught
  const t = useT()
  const reducedMotion = usePrefersReducedMotion()
  const buttonRef = useRef<HTMLButtonElement>(null)
  const showRef = useRef<HTMLButtonElement>(null)
  const descriptionId = useId()
  const style = rarityStyles[item.rarity]
  const timing = revealTimings[item.rarity]
  const moment = catchMomentOf(caught.points, caught.progress)
  const phase = useRevealPhase(item.rarity, reducedMotion)
  useRevealHaptics(props.haptic ?? sendHapticFeedback, item.rarity, moment.celebration?.kind, reducedMotion)
  useFocusWhileOpen(buttonRef)
  useEscapeKey(onDismiss)

  const stageVariables = {
    '--catch-color': style.color,
    '--catch-glow': style.glow,
    '--catch-stage': `${timing.artSize + 64}px`,
    '--catch-charge': `${timing.chargeMs}ms`,
    '--catch-pop': `${timing.popMs}ms`,
    '--catch-text-at': `${timing.textAtMs}ms`,
  } as CSSProperties
  return (
    <div
      className="catch-reveal"
      data-rarity={item.rarity}
      data-motion={reducedMotion ? 'reduced' : 'full'}
      data-celebrating={(phase.celebrating && moment.celebration?.kind) || undefined}
      style={stageVariables}
    >
      <div
        className="catch-reveal-card"
        role="dialog"
        aria-modal="true"
        aria-label={t('catch.dialog', { label: dropName(t, item) })}
        aria-describedby={descriptionId}
        onKeyDown={(event) => keepTabInside(event, [buttonRef.current, showRef.current])}
      >
        <p className="catch-reveal-kicker">{t('catch.kicker')}</p>
        <div className="catch-reveal-stage">
          {item.rarity !== 'common' && <div className="catch-reveal-rays" aria-hidden="true" />}
          <div className="catch-reveal-art">
            <DropArt kind={item.kind} rarity={item.rarity} size={timing.artSize} />
          </div>
        </div>
        <p className="catch-reveal-rarity" style={{ background: style.color, color: style.textColor }}>
          {rarityName(t, item.rarity)}
        </p>
        <h2 className="catch-reveal-name">{kindName(t, item.kind)}</h2>
        <div id={descriptionId} className="catch-reveal-text">
          {firstFind ? (
            <p className="catch-reveal-new">
              {t('catch.new')} <span className="catch-reveal-new-sub">{t('catch.newSub')}</span>
            </p>
          ) : (
            <p className="catch-reveal-count">{t('catch.count', { count })}</p>
          )}
          <p className="catch-reveal-description">{kindDescription(t, item.kind)}</p>
          <CatchReward moment={moment} ringFilled={phase.ringFilled} celebrating={phase.celebrating} />
          {props.streakReward && <RewardAhead reward={props.streakReward} />}
        </div>
        {props.streakReward && (
          <button ref={showRef} type="button" className="button catch-reveal-show" onClick={props.streakReward.onShow}>
            {t('catch.showReward')}
          </button>
        )}
        <button ref={buttonRef} type="button" className="button catch-reveal-continue" onClick={onDismiss}>
          {t('catch.continue')}
        </button>
      </div>
    </div>
  )
}

/**
 * The catch's haptics, once per catch: the rarity's pattern at once, then
 * the celebration's when it shows (under reduced motion, right after the
 * first: haptics are not motion). Read through a ref so a parent
 * re-rendering with a new arrow function does not replay them.
 */
function useRevealHaptics(
  haptic: CatchHaptic,
  rarity: Rarity,
  celebration: keyof typeof celebrationHaptics | undefined,
  reducedMotion: boolean,
) {
  const hapticRef = useRef(haptic)
  hapticRef.current = haptic
  // Reduced motion is read once per catch: a change mid-reveal must not replay the catch's pattern.
  const reducedRef = useRef(reducedMotion)
  useEffect(() => {
    const play: CatchHaptic = (input) => hapticRef.current(input)
    const stopCatch = playHapticPattern(catchHaptics[rarity], play)
    if (!celebration) return stopCatch
    const celebrateAt = reducedRef.current
      ? (catchHaptics[rarity].length + 1) * CATCH_HAPTIC_STEP_MS
      : revealTimings[rarity].celebrateAtMs
    const stopCelebration = playHapticPattern(celebrationHaptics[celebration], play, celebrateAt)
    return () => {
      stopCatch()
      stopCelebration()
    }
  }, [rarity, celebration])
}

/**
 * Tab stays on the reveal's own buttons (Continue, and Show me when a reward waits): never out to the map
 * behind. It moves to the other one, or stays on Continue when it is the only one.
 */
function keepTabInside(event: KeyboardEvent, [primary, secondary]: (HTMLButtonElement | null)[]) {
  if (event.key !== 'Tab') return
  event.preventDefault()
  const other = document.activeElement === primary ? secondary : primary
  ;(other ?? primary)?.focus()
}

/** "Your day-3 streak reward is waiting: Rare Gem, 180 m north-east." */
function RewardAhead({ reward }: { reward: StreakRewardAhead }) {
  const t = useT()
  const locale = useLocale()
  const words = {
    name: dropName(t, reward.item),
    distance: formatDistance(reward.meters, locale),
    direction: t(`inventory.direction.${reward.direction}`),
  }
  return (
    <p className="catch-reward-ahead" data-testid="catch-reward-ahead">
      <FlameIcon size={20} />
      <span>
        {reward.streakDay === null
          ? t('catch.rewardWaiting', words)
          : t('catch.rewardWaitingDay', { ...words, day: reward.streakDay })}
      </span>
    </p>
  )
}
