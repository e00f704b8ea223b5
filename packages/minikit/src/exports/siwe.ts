// Server-safe entry: no `window`, listeners or host bridge — only SIWE helpers.
// Official 2.x's `./siwe` path: `verifySiweMessage` takes its positional call
// (and a 2.x WalletAuthResult) as well as our one-object form; it is also where
// official 1.x's root `verifySiweMessage` lives here (it needs viem, which the
// root entry may not reach, issue 34). `parseSiweMessage`
// here is our typed form; the official shape is the root's (see the README).
export { SiweParseError } from '../errors/siwe/SiweParseError.js'
export { SiweVerificationError, type SiweVerificationErrorCode } from '../errors/siwe/SiweVerificationError.js'
export { createSiweMessage, type SiweMessage } from '../siwe/createSiweMessage.js'
export { parseSiweMessage } from '../siwe/parseSiweMessage.js'
export type { SiweMessageData } from '../siwe/parseSiweMessageCompat.js'
export type {
  VerifySiweMessageParameters,
  VerifySiweMessageReturnType,
  WalletAuthSuccessPayload,
} from '../siwe/verifySiweMessage.js'
export {
  type VerifySiweMessagePositionalReturnType,
  verifySiweMessageCompat as verifySiweMessage,
} from '../siwe/verifySiweMessageCompat.js'
