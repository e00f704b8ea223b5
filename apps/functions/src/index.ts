// The Firebase entry point: every deployed function, in asia-southeast1.
// Functions are thin wrappers; the behaviour lives in framework-free modules
// under auth/, game/ and worldId/ (unit-tested without Firebase).
import { onCall, onRequest } from 'firebase-functions/v2/https'
import { createCollectDropHandler } from './callables/createCollectDropHandler.js'
import { createEnsureDropsNearHandler } from './callables/createEnsureDropsNearHandler.js'
import { createVerifyHumanHandler } from './callables/createVerifyHumanHandler.js'
import { getGameContext } from './callables/getGameContext.js'
import { createCustomTokenRequestHandler } from './firebase/createCustomTokenRequestHandler.js'
import { getServerContext } from './firebase/getServerContext.js'
import { spendNonceInDatabase } from './firebase/spendNonceInDatabase.js'

const region = 'asia-southeast1'

/** GET `payload`, `nonce`, `signedNonce` → `{customToken}` for uid = the wallet address; 4xx `{error}` otherwise. */
export const onRequestCustomToken = onRequest(
  { region, cors: true },
  createCustomTokenRequestHandler(() => {
    const { config, database, mintCustomToken, worldchainClient } = getServerContext()
    return {
      secret: config.nonceSecret,
      spendNonce: (nonce) => spendNonceInDatabase(database, nonce, Date.now()),
      mintCustomToken,
      ...(worldchainClient ? { client: worldchainClient } : {}),
    }
  }),
)

/** `{lat, lng}` → `{drops}`: spawns this window's drops around the player (deterministic per cell) and lists the collectable ones. */
export const ensureDropsNear = onCall(
  { region },
  createEnsureDropsNearHandler(() => {
    const { database, config } = getGameContext()
    return { database, seed: config.dropSeed }
  }),
)

/** `{dropId, lat, lng, accuracy}` → `{itemId, item, distance}`: a verified human within reach takes the drop, once, ever. */
export const collectDrop = onCall(
  { region },
  createCollectDropHandler(() => ({ database: getGameContext().database })),
)

/** World ID proof → `{verifiedLevel}`: checked by the configured verifier, recorded on the profile (one human, one account). */
export const verifyHuman = onCall(
  { region },
  createVerifyHumanHandler(() => {
    const { database, verifier, config } = getGameContext()
    return { database, verifier, appId: config.appId, action: config.verifyAction }
  }),
)
