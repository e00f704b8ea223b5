/**
 * The secrets a function binds, as deployed: all of them. Under the Functions
 * emulator (`FUNCTIONS_EMULATOR=true`, also while it discovers the functions)
 * none: there the values come from the environment (`.env.local`, which the
 * local stack and `pnpm preview:prod` write), and a declared secret would make
 * the emulator ask Google's Secret Manager for it first.
 *
 * @example
 * ```ts
 * setGlobalOptions({ secrets: declaredSecrets([nonceSecret, dropSeed]) })
 * ```
 */
export function declaredSecrets<T>(secrets: readonly T[], env: Record<string, string | undefined> = process.env): T[] {
  return env.FUNCTIONS_EMULATOR === 'true' ? [] : [...secrets]
}
