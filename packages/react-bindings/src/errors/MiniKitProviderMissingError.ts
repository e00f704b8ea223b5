import { BaseError } from '@worldmap/minikit'

/**
 * Thrown by `useMiniKit` (and every hook that reads the toolkit state) when
 * it is rendered outside a {@link MiniKitProvider}. The official toolkit
 * silently returned `{ isInstalled: undefined }` here; we fail loudly.
 *
 * @example
 * ```tsx
 * try {
 *   renderToString(<Profile />) // Profile calls useMiniKit() without a provider
 * } catch (error) {
 *   if (error instanceof MiniKitProviderMissingError) console.log(error.code) // 'provider_missing'
 * }
 * ```
 */
export class MiniKitProviderMissingError extends BaseError {
  override name = 'MiniKitProviderMissingError'
  override readonly code = 'provider_missing'
  /** The hook that was called outside the provider. */
  readonly hookName: string
  constructor(hookName = 'useMiniKit') {
    super(`${hookName} must be used within a MiniKitProvider`)
    this.hookName = hookName
  }
}
