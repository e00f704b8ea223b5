// The Firebase entry point: every deployed function, in asia-southeast1.
// Functions are thin wrappers; the behaviour lives in framework-free modules
// under auth/, game/ and worldId/ (unit-tested without Firebase).
import { onRequest } from 'firebase-functions/v2/https'
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
