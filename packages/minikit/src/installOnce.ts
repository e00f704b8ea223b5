import { type InstallOptions, type InstallResult, install } from './install.js'
import { clearOnReset, state } from './state.js'

// The SDK is a page-wide singleton, so the outcome of its one real install
// is kept page-wide too: a second provider, a StrictMode re-run of the
// effect or a remount then reports the same result instead of the SDK's
// `already_installed`.
let outcome: InstallResult | undefined

/**
 * Install the toolkit unless it already is. Idempotent, unlike `install()`:
 * when the SDK's state says "installed", the first result is returned again
 * (the official React provider turned `already_installed` into
 * `isInstalled === false` under React StrictMode). Framework-free, so any
 * binding (ours is `@worldmap/minikit-react`) installs the same way.
 *
 * Client-only: call it from an effect or an event handler.
 *
 * @example
 * ```ts
 * installOnce({ appId: 'app_staging_123' }) // { success: true }
 * installOnce({ appId: 'app_staging_123' }) // { success: true } again, no second `init`
 * ```
 */
export function installOnce(options: InstallOptions = {}): InstallResult {
  clearOnReset(forgetOutcome)
  if (state.installed) {
    outcome ??= { success: true }
    return outcome
  }
  const result = install(options)
  // Another copy of the SDK facade may have raced us to the same state.
  outcome = !result.success && result.errorCode === 'already_installed' && state.installed ? { success: true } : result
  return outcome
}

function forgetOutcome(): void {
  outcome = undefined
}
