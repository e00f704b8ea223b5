// Server-safe entry: no `window`, listeners or host bridge — only SIWE helpers.
export { SiweParseError } from '../errors/SiweParseError.js'
export { SiweVerificationError, type SiweVerificationErrorCode } from '../errors/SiweVerificationError.js'
export { createSiweMessage, type SiweMessage } from '../siwe/createSiweMessage.js'
export { parseSiweMessage } from '../siwe/parseSiweMessage.js'
export {
  type VerifySiweMessageParameters,
  type VerifySiweMessageReturnType,
  verifySiweMessage,
  type WalletAuthSuccessPayload,
} from '../siwe/verifySiweMessage.js'
