// @worldmap/game/server: Node-only helpers of the sign-in (node:crypto,
// Buffer), for the app server and the functions. Never imported by client
// code (apps/miniapp/src/clientBundle.test.ts checks the browser build).

export type { HttpResult } from '../server/HttpResult.js'
export {
  type HandleSignNonceDependencies,
  type HandleSignNonceErrorCode,
  type HandleSignNonceRequest,
  type HandleSignNonceResult,
  handleSignNonce,
} from '../server/handleSignNonce.js'
export { signNonce, type VerifiedSignedNonce, verifySignedNonce } from '../server/signNonce.js'
