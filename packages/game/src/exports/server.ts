// @worldmap/game/server: Node-only helpers (node:crypto, Buffer) of the
// sign-in, for the app server and the functions, and the spawn rule, which
// runs only where the secret seed is. Never imported by client code
// (apps/miniapp/src/clientBundle.test.ts checks the browser build).

export { TestClockError } from '../server/errors/TestClockError.js'
export type { HttpResult } from '../server/HttpResult.js'
export {
  type HandleSignNonceDependencies,
  type HandleSignNonceErrorCode,
  type HandleSignNonceRequest,
  type HandleSignNonceResult,
  handleSignNonce,
} from '../server/handleSignNonce.js'
export { signNonce, type VerifiedSignedNonce, verifySignedNonce } from '../server/signNonce.js'
export {
  createTestClock,
  readTestClockOffset,
  setTestClockOffset,
  TEST_CLOCK_VARIABLE,
} from '../server/testClock.js'
export { type CandidateSpot, candidateSpots, METERS_PER_DEGREE } from '../spawning/candidateSpots.js'
export { type Drop, dropsForCell, dropsForCells, type SpawnOptions } from '../spawning/dropsForCell.js'
export { dropsForWatchCells } from '../spawning/dropsForWatchCells.js'
export { type DropNear, dropsNear } from '../spawning/dropsNear.js'
export { endOfLocalDay } from '../spawning/endOfLocalDay.js'
export { InvalidSpawnCellError } from '../spawning/errors/InvalidSpawnCellError.js'
export { spawnDayOf } from '../spawning/spawnDayOf.js'
export { SPAWN_RULE, SPOT_RARITY_WEIGHTS } from '../spawning/spawnRule.js'
export { type Spot, spotsForCells } from '../spawning/spotsForCells.js'
export { type StreakDropInput, streakDropFor } from '../spawning/streakDropFor.js'
export { type StreakRewardDue, streakRewardFor } from '../spawning/streakRewardFor.js'
