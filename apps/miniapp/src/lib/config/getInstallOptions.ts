import type { InstallOptions } from '@worldmap/minikit'
import { getClientConfig } from './getClientConfig.js'

/**
 * `MiniKit.install()` options for this page: the app id and the usernames
 * service (our local stand-in in local mode, so nothing calls World's
 * service from a laptop). The provider installs in an effect, so on the
 * server this returns `undefined` and nothing reads `window`.
 *
 * @example
 * ```tsx
 * <MiniKitProvider installOptions={getInstallOptions()}>{children}</MiniKitProvider>
 * ```
 */
export function getInstallOptions(): InstallOptions | undefined {
  if (typeof window === 'undefined') return undefined
  try {
    const { appId, usernamesUrl, worldchainRpcUrl } = getClientConfig()
    return { appId, usernamesUrl, ...(worldchainRpcUrl ? { rpcUrl: worldchainRpcUrl } : {}) }
  } catch (error) {
    // A misconfigured deploy must not blank the page during render; login logs the same error when it runs.
    console.error(error)
    return undefined
  }
}
