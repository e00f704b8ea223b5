// `@worldmap/minikit/wagmi-fallback`: official 2.x's subpath that routes the
// 2.x wallet commands through a wagmi config outside World App. wagmi loads
// on the first command that needs it, not when this module is imported.
export {
  PartialExecutionError,
  type PartialExecutionErrorType,
} from '../errors/wallet/PartialExecutionError.js'
export {
  WagmiFallbackError,
  type WagmiFallbackErrorType,
  type WagmiFallbackReason,
} from '../errors/wallet/WagmiFallbackError.js'
export { registerWagmiFallback } from '../v2/wallet/wagmiFallback.js'
