import { connectFunctionsEmulator, type Functions, getFunctions } from 'firebase/functions'
import type { ClientConfig } from '../config/readClientConfig.js'
import { getFirebaseApp } from './getFirebaseApp.js'

let functions: Functions | undefined

/**
 * Callable functions in the app's region, on the Functions emulator in local mode.
 *
 * @example
 * ```ts
 * const { getFirebaseFunctions } = await import('./getFirebaseFunctions.js')
 * const ensureDropsNear = httpsCallable(getFirebaseFunctions(config), 'ensureDropsNear')
 * ```
 */
export function getFirebaseFunctions(config: ClientConfig): Functions {
  if (functions) return functions
  functions = getFunctions(getFirebaseApp(config), config.region)
  if (config.functionsEmulator) connectFunctionsEmulator(functions, config.functionsEmulator.host, config.functionsEmulator.port)
  return functions
}
