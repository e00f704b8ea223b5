// The Firebase entry point: every deployed function, in asia-southeast1.
// Functions are thin wrappers; the behaviour lives in framework-free modules
// under auth/, game/ and worldId/ (unit-tested without Firebase).
import { generatedNameOf } from '@worldmap/game'
import { error as logError, info as logInfo } from 'firebase-functions/logger'
import { onInit } from 'firebase-functions/v2/core'
import { type CallableFunction, onCall, onRequest } from 'firebase-functions/v2/https'
import { onSchedule } from 'firebase-functions/v2/scheduler'
import { createCollectDropHandler } from './callables/createCollectDropHandler.js'
import { createEnsureDropsNearHandler } from './callables/createEnsureDropsNearHandler.js'
import { createGetLeaderboardHandler } from './callables/createGetLeaderboardHandler.js'
import { createSyncNotificationsHandler } from './callables/createSyncNotificationsHandler.js'
import { createVerifyHumanHandler } from './callables/createVerifyHumanHandler.js'
import type { CallableHandler } from './callables/defineCallable.js'
import { getGameContext } from './callables/getGameContext.js'
import { readFunctionsConfig } from './config/readFunctionsConfig.js'
import { admitSignIn } from './database/admitSignIn.js'
import { forwardedSourceOf, sourceOf } from './database/crowdPaths.js'
import { purgeExpired } from './database/purgeExpired.js'
import { createCustomTokenRequestHandler } from './firebase/createCustomTokenRequestHandler.js'
import { getServerContext } from './firebase/getServerContext.js'
import { purgeSpentNonces } from './firebase/purgeSpentNonces.js'
import { spendNonceInDatabase } from './firebase/spendNonceInDatabase.js'
import { readNotificationConfig } from './notifications/readNotificationConfig.js'
import { runStreakNudges } from './notifications/runStreakNudges.js'
import { getPublicCardContext } from './publicCard/getPublicCardContext.js'
import { publicIdOf } from './publicCard/publicIdOf.js'
import { readCrowdLimits } from './spawning/crowdLimits.js'

const region = 'asia-southeast1'

/**
 * `onCall` in our region, keyed by the name of the handler's contract row: `export const { collectDrop } =
 * callable(…)` exports it under the name the app calls, and a name that is not the row's does not compile.
 */
function callable<result, name extends string>(handler: CallableHandler<result, name>) {
  return { [handler.callableName]: onCall({ region }, handler) } as Record<name, CallableFunction<unknown, Promise<result>>>
}

// Refuse to serve with a bad configuration: checked once per instance, before
// its first invocation of any function (deploy-time discovery loads this
// module with no environment, so it cannot happen at import). Every problem
// of the whole configuration is reported at once (variable and reason, never
// a value); a deployed function requires every production setting
// (readFunctionsConfig). getServerContext()/getGameContext() throw the same
// ConfigError at first use as a second line.
onInit(() => {
  readFunctionsConfig(process.env)
  getPublicCardContext(process.env)
  readCrowdLimits(process.env)
  readNotificationConfig(process.env)
})

/** GET `payload`, `nonce`, `signedNonce` → `{customToken}` for uid = the wallet address; 4xx `{error}`, 503 `chain_unavailable` otherwise. */
export const onRequestCustomToken = onRequest(
  // 60 s bounds how long a verified request may take to spend its nonce: the
  // retention of spent nonces (signInLimits.spentNonceRetentionMs) counts on it.
  { region, cors: true, timeoutSeconds: 60 },
  createCustomTokenRequestHandler((request) => {
    const { config, database, databases, mintCustomToken, worldchainClient, now } = getServerContext()
    return {
      secret: config.nonceSecret,
      appOrigins: config.appOrigins,
      now: () => new Date(now()),
      spendNonce: (nonce) => spendNonceInDatabase(database, nonce, now()),
      mintCustomToken,
      // The leaderboard's name for this player, so the app shows one name everywhere.
      ...(config.publicIdKey ? { generatedNameOf: (uid: string) => generatedNameOf(publicIdOf(uid, config.publicIdKey)) } : {}),
      // Limits across wallets: sign-ins of wallets that are not verified humans, per source address.
      admitSignIn: (uid) => {
        const source = config.mode === 'local' ? forwardedSourceOf(request) : sourceOf(request)
        return admitSignIn(
          databases,
          { uid, source, now: now() },
          { secret: config.nonceSecret, limits: readCrowdLimits(process.env) },
        )
      },
      ...(worldchainClient ? { client: worldchainClient } : {}),
    }
  }),
)

/** `{lat, lng}` → `{window, expiresAt, cells, spawned}`: spawns this window's drops around the player (once per cell) and names the cells to read. */
export const { ensureDropsNear } = callable(
  createEnsureDropsNearHandler(() => {
    const { databases, config } = getGameContext()
    const server = getServerContext()
    // The same network and bucket as the sign-in limit: one source, one share of every crowd limit.
    const crowdSource = {
      secret: server.config.nonceSecret,
      sourceOf: server.config.mode === 'local' ? forwardedSourceOf : sourceOf,
    }
    return { database: databases, seed: config.dropSeed, crowdSource, crowdLimits: readCrowdLimits(process.env), now: server.now }
  }),
)

/**
 * `{dropId, lat, lng, accuracy, timeZone?}` → `{itemId, item, distance, firstFind, count, points, progress}`: a verified
 * human within reach takes the drop, once, ever; it is counted once in their stats, daily progress, collection and,
 * for orb-verified players, the weekly leaderboard.
 */
export const { collectDrop } = callable(
  createCollectDropHandler(() => ({ database: getGameContext().databases, now: getServerContext().now })),
)

/** `{}` → `{week, startsAt, endsAt, entries, you}`: this week's top 50 verified humans and the caller's own rank. */
export const { getLeaderboard } = callable(
  createGetLeaderboardHandler(() => ({
    database: getGameContext().databases,
    avatarOrigins: getPublicCardContext().avatarOrigins,
    now: getServerContext().now,
  })),
)

/** World ID proof → `{verifiedLevel}`: checked by the configured verifier, recorded on the profile (one human, one account). */
export const { verifyHuman } = callable(
  createVerifyHumanHandler(() => {
    const { databases, verifier, config } = getGameContext()
    return {
      database: databases,
      verifier,
      appId: config.appId,
      action: config.verifyAction,
      publicIdSecret: config.publicIdKey,
      publicCard: getPublicCardContext(),
      now: getServerContext().now,
      crowdLimits: readCrowdLimits(process.env),
    }
  }),
)

/**
 * Every 10 minutes: delete ended windows' drops and claims (delivering any claim a crash left undelivered),
 * leaderboards older than last week, and spent sign-in nonces no request can replay any more.
 */
export const purgeExpiredData = onSchedule({ region, schedule: 'every 10 minutes', retryCount: 1 }, async () => {
  const { database, databases } = getGameContext()
  const { now } = getServerContext()
  const report = await purgeExpired(databases, now())
  if (report.malformedClaims.length > 0)
    logError('purgeExpiredData quarantined malformed claims', { paths: report.malformedClaims })
  // After the game data: a slow nonce purge never holds up the claims' recovery.
  const nonces = await purgeSpentNonces(database, now())
  logInfo('purgeExpiredData', { ...report, malformedClaims: report.malformedClaims.length, spentNonces: nonces })
})

/** `{granted, optedOut?, timeZone?}` → `{enrolled, optedOut}`: files the caller's own wallet for streak nudges, or takes it out. */
export const { syncNotifications } = callable(
  createSyncNotificationsHandler(() => ({ database: getGameContext().databases, now: getServerContext().now })),
)

/**
 * Every hour: the streak-at-risk nudge ("🔥 Keep your 5-day streak") to the players of this hour's send slot
 * whose streak is alive, today has no find yet and whose local evening it is (notifications/), through the
 * Developer Portal's send-notification API. Off locally unless the stack's stand-in is configured.
 */
export const sendStreakNudges = onSchedule({ region, schedule: 'every 1 hours', timeoutSeconds: 540 }, async () => {
  const config = readNotificationConfig(process.env)
  if (config === null) return logInfo('sendStreakNudges: off (no WORLDMAP_NOTIFICATIONS_API_URL)')
  const api = { apiUrl: config.apiUrl, apiKey: config.apiKey }
  const report = await runStreakNudges(
    { database: getGameContext().databases, api, appId: config.appId, log: logError },
    getServerContext().now(),
  )
  logInfo('sendStreakNudges', { ...report })
})
