// @worldmap/game: the game domain shared by the functions and the app.

export { createEnvReader, type EnvReader, type EnvSchema } from '../config/createEnvReader.js'
export { databasePaths, LEADERBOARD_BLOCK_POINTS } from '../databasePaths.js'
export { DROP_ID_PATTERN, type DropAddress, formatDropId, parseDropId } from '../drops/dropId.js'
export { DROP_KINDS, type DropKind } from '../drops/dropKinds.js'
export { type InventoryItem, inventoryItemSchema } from '../drops/inventoryItemSchema.js'
export { type MapDrop, type PublicDrop, publicDropSchema } from '../drops/publicDropSchema.js'
export { RARITIES, RARITY_POINTS, RARITY_WEIGHTS, type Rarity } from '../drops/rarities.js'
export { SPAWN_WINDOW_MS, type SpawnWindow, spawnWindowOf } from '../drops/spawnWindow.js'
export {
  formatStreakDropId,
  parseStreakDropId,
  STREAK_DROP_ID_PATTERN,
  STREAK_DROP_MAX_METERS,
  STREAK_DROP_MIN_METERS,
  STREAK_REWARDS,
  type StreakDrop,
  type StreakDropAddress,
  streakDropSchema,
} from '../drops/streakDrop.js'
export { BaseError, type BaseErrorParameters, type BaseErrorType, type ErrorType } from '../errors/BaseError.js'
export { type ConfigProblem, ConfigProblemsError } from '../errors/ConfigProblemsError.js'
export { InvalidTableSwitchError, type InvalidTableSwitchErrorType } from '../errors/InvalidTableSwitchError.js'
export { InvalidTimeError, type InvalidTimeErrorType } from '../errors/InvalidTimeError.js'
export { InvalidTimeZoneError, type InvalidTimeZoneErrorType } from '../errors/InvalidTimeZoneError.js'
export {
  CELL_ID_PATTERN,
  CELL_PRECISION,
  cellOf,
  WATCH_CELL_ID_PATTERN,
  WATCH_CELL_PRECISION,
  watchCellOf,
  watchCellsAround,
} from '../geo/cellOf.js'
export { distanceInMeters, EARTH_RADIUS_METERS, type LatLng } from '../geo/distanceInMeters.js'
export { encodeGeohash, GEOHASH_ALPHABET } from '../geo/encodeGeohash.js'
export { type GeohashBounds, geohashBounds } from '../geo/geohashBounds.js'
export { neighbourCells } from '../geo/neighbourCells.js'
export { formatMessage, numberFormatFor, placeholdersOf, pluralRulesFor } from '../i18n/formatMessage.js'
export {
  DEFAULT_LOCALE,
  isLocale,
  LOCALES,
  type Locale,
  type PortalLanguage,
  portalLanguageOf,
} from '../i18n/locales.js'
export { matchLocale } from '../i18n/matchLocale.js'
export type {
  Catalogue,
  Message,
  MessageValue,
  MessageValues,
  PluralCategory,
  PluralMessage,
  Translation,
} from '../i18n/translation.js'
export { avatarOriginsSchema, MAX_AVATAR_ORIGINS } from '../names/avatarOrigins.js'
export { displayNameOf, generatedNameOf, isRefusedName, MAX_DISPLAY_NAME_LENGTH } from '../names/displayName.js'
export { DAILY_GOAL } from '../progress/dailyGoal.js'
export { type Progress, progressSchema } from '../progress/progressSchema.js'
export { recordFind, TIME_ZONE_CHANGE_COOLDOWN_MS } from '../progress/recordFind.js'
export { type ProgressView, viewProgress } from '../progress/viewProgress.js'
export { type StreakBreak, viewStreakBreak } from '../progress/viewStreakBreak.js'
export { COLLECT_REACH_METERS, MAX_ACCURACY_BONUS_METERS, MAX_ACCURACY_METERS } from '../rules/collectRules.js'
export { QUOTAS, type QuotaPolicy, type TakeTokenResult, type TokenBucket, takeToken } from '../rules/quotas.js'
export {
  checkTravel,
  LONG_HAUL_AFTER_MS,
  MAX_TRAVEL_SPEED_MPS,
  type PositionReport,
  TRAVEL_SLACK_METERS,
  type TravelCheck,
  travelWaitMs,
} from '../rules/travelRules.js'
export {
  createDatabaseRouter,
  type DatabaseRouter,
  type DatabaseTable,
  instanceListMiniSchema,
  LEADERBOARD_COUNTER_SHARDS,
} from '../shards/databaseRouter.js'
export {
  createRegionRouter,
  databaseUrlMiniSchema,
  MAX_REGION_DATABASES,
  type RegionRouter,
  regionTableMiniSchema,
} from '../shards/regionRouter.js'
export { instanceListSchema, regionTableSchema } from '../shards/regionTableSchema.js'
export {
  createSwitchedRouter,
  PLAYER_MOVE_GRACE_MS,
  type PlayerPlace,
  type SwitchedRouter,
  type TableSwitch,
} from '../shards/tableSwitch.js'
export { type DropSpot, spotDayAt, spotOfDrop } from '../spawning/spotOfDrop.js'
export { canonicalTimeZone } from '../time/canonicalTimeZone.js'
export { dayNumberOf } from '../time/dayNumberOf.js'
export { isValidTimeZone, MAX_TIME_ZONE_LENGTH } from '../time/isValidTimeZone.js'
export { type LocalClock, localClockOf } from '../time/localClockOf.js'
export { localDayOf } from '../time/localDayOf.js'
export { WEEK_MS, type Week, weekOf } from '../time/weekOf.js'
