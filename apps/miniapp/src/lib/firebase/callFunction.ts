import type { ClientConfig } from '../config/readClientConfig.js'

/**
 * Call a callable Cloud Function in the app's region (the Functions emulator
 * in local mode) and resolve with its `data`. The Functions SDK loads on
 * first call, so it never weighs on the first load. Rejects with the SDK's
 * `FunctionsError` (`code: 'functions/<callable code>'`, server `details`).
 *
 * @example
 * ```ts
 * const data = await callFunction(getClientConfig(), 'verifyHuman', proof)
 * ```
 */
export async function callFunction(config: ClientConfig, name: string, data: unknown): Promise<unknown> {
  const [{ httpsCallable }, { getFirebaseFunctions }] = await Promise.all([
    import('firebase/functions'),
    import('./getFirebaseFunctions.js'),
  ])
  return (await httpsCallable(getFirebaseFunctions(config), name)(data)).data
}
