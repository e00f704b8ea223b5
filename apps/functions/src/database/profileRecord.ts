import { DROP_KINDS, type DropKind, type Progress, progressSchema, RARITIES, type Rarity } from '@worldmap/game'
import { verificationLevelOf } from '@worldmap/game/contract'
import { PUBLIC_ID_PATTERN } from '../publicCard/publicIdOf.js'
import type { VerificationLevel } from '../worldId/ProofVerifier.js'

/** One collection book entry at `/profiles/{uid}/collection/{kind}/{rarity}`. */
export interface CollectionEntry {
  /** How many of this kind × rarity the player has found. */
  count: number
  /** When the first one was found, ms. */
  firstAt: number
}

/** `/profiles/{uid}/week`: the player's points on the weekly board (verified humans only). */
export interface WeeklyPoints {
  /** `weekOf(…).index`. */
  week: number
  points: number
}

/** A profile as the server reads it: every field checked, anything malformed treated as missing. */
export interface ProfileRecord {
  publicId: string | null
  verifiedLevel: VerificationLevel | null
  progress: Progress | null
  collection: Partial<Record<DropKind, Partial<Record<Rarity, CollectionEntry>>>>
  week: WeeklyPoints | null
}

const isCount = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/**
 * Read the server-kept fields of `/profiles/{uid}` defensively: a malformed
 * part (a manual edit, an older format) reads as missing, so counting a find
 * starts that part over instead of failing the collect.
 *
 * @example
 * ```ts
 * const { progress, week } = profileRecordOf((await db.ref(`profiles/${uid}`).once('value')).val())
 * ```
 */
export function profileRecordOf(value: unknown): ProfileRecord {
  const profile = isObject(value) ? value : {}
  const publicId = typeof profile.publicId === 'string' && PUBLIC_ID_PATTERN.test(profile.publicId) ? profile.publicId : null
  const verifiedLevel = verificationLevelOf(profile.verifiedLevel)
  const progress = progressSchema.safeParse(profile.progress)
  const week =
    isObject(profile.week) && isCount(profile.week.week) && isCount(profile.week.points)
      ? { week: profile.week.week, points: profile.week.points }
      : null
  return {
    publicId,
    verifiedLevel,
    progress: progress.success ? progress.data : null,
    collection: collectionOf(profile.collection),
    week,
  }
}

/**
 * Whether the player's finds go on the weekly board: one entry per human, so
 * only an orb verification (a unique human) with a public id to show it under.
 *
 * @example
 * ```ts
 * if (isRanked(profileRecordOf(stored))) await syncLeaderboardScore(db, score, now)
 * ```
 */
export function isRanked(profile: Pick<ProfileRecord, 'publicId' | 'verifiedLevel'>): boolean {
  return profile.verifiedLevel === 'orb' && profile.publicId !== null
}

function collectionOf(value: unknown): ProfileRecord['collection'] {
  const collection: ProfileRecord['collection'] = {}
  if (!isObject(value)) return collection
  for (const kind of DROP_KINDS) {
    const byRarity = value[kind]
    if (!isObject(byRarity)) continue
    for (const rarity of RARITIES) {
      const entry = byRarity[rarity]
      if (isObject(entry) && isCount(entry.count) && entry.count > 0 && typeof entry.firstAt === 'number') {
        collection[kind] = { ...collection[kind], [rarity]: { count: entry.count, firstAt: entry.firstAt } }
      }
    }
  }
  return collection
}
