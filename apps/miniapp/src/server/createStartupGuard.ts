/** The part of `process` a {@link StartupGuard} uses (a fake one in tests). */
export interface StartupProcess {
  on(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown
  off(event: 'uncaughtException' | 'unhandledRejection', listener: (error: unknown) => void): unknown
  exit(code: number): unknown
}

/** What {@link createStartupGuard} returns; `pages/+server.ts` wires it to universal-deploy's hooks. */
export interface StartupGuard {
  /**
   * Runs the module's start-up (read the environment, build the app) and
   * returns what it returns. When it throws, the error is rethrown, and the
   * process ends with status 1 if that error then reaches the process
   * unhandled (nobody awaited the import that failed).
   */
  run<T>(start: () => T): T
  /** The Node server was created (`prod.onCreate`): until {@link StartupGuard.ready}, any unhandled error ends the process with status 1. */
  listening(): void
  /** The Node server listens (`prod.onReady`): from now on unhandled errors are vike's again (printed, the server stays up). */
  ready(): void
}

/** `ServerConfigError: WORLDMAP_NONCE_SECRET is not set.`: the first line of the error, never its stack. */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error)
  return text.split('\n', 1)[0] ?? text
}

/**
 * Makes a failed start of the production server (`node dist/server/index.mjs`)
 * end the process with status 1, so a process manager sees the failure.
 *
 * Why it is needed: vike installs process-wide `uncaughtException` and
 * `unhandledRejection` listeners that only print (so a stray error never takes
 * a running server down). With them, a start-up error — a bad environment
 * thrown while `pages/+server.ts` loads, a port in use — is printed and the
 * process then exits with status 0.
 *
 * Why not exit at once: the functions' SSR bundle loads the same module and
 * handles its failure (a plain 500, then a retry), so an error is only fatal
 * once nobody has caught it. And after the server listens, vike's
 * keep-running policy applies unchanged.
 *
 * @example
 * ```ts
 * const startup = createStartupGuard()
 * const env = startup.run(() => readServerEnv(process.env))
 * export default {
 *   fetch: app.fetch,
 *   prod: { port: env.port, onCreate: startup.listening, onReady: startup.ready },
 * }
 * ```
 */
export function createStartupGuard(target: StartupProcess = process): StartupGuard {
  const arm = (isFatal: (error: unknown) => boolean) => {
    const listener = (error: unknown) => {
      if (!isFatal(error)) return
      console.error(`The app server did not start (${describe(error)}); exiting with status 1.`)
      target.exit(1)
    }
    target.on('uncaughtException', listener)
    target.on('unhandledRejection', listener)
    return () => {
      target.off('uncaughtException', listener)
      target.off('unhandledRejection', listener)
    }
  }
  let disarm: (() => void) | undefined
  return {
    run(start) {
      try {
        return start()
      } catch (error) {
        // A later import of the same module rethrows this very error (ESM keeps it): one listener is enough.
        arm((unhandled) => unhandled === error)
        throw error
      }
    },
    listening() {
      disarm ??= arm(() => true)
    },
    ready() {
      disarm?.()
      disarm = undefined
    },
  }
}
