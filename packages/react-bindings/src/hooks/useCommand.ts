import { type CommandState, type CommandStore, createCommandStore } from '@worldmap/minikit/transactions'
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react'

/** The state half of every command hook's return value: the store's state plus `execute` and `reset`. */
export type UseCommandState<TArgs extends unknown[], TResult> = CommandState<TResult> &
  Pick<CommandStore<TArgs, TResult>, 'execute' | 'reset'>

/** Return type of {@link useCommand}: the state plus the command under its own name (`walletAuth`, `pay`…). */
export type UseCommandReturnType<TName extends string, TArgs extends unknown[], TResult> = UseCommandState<TArgs, TResult> & {
  [name in TName]: (...args: TArgs) => Promise<TResult>
}

/**
 * Render a `createCommandStore` store (from `@worldmap/minikit/transactions`)
 * around one async command: `status`, `data`, `error`, the `is…` flags and
 * the command itself (as `execute`, and under `name` when given). Every
 * command hook is this hook with an SDK function; use it for your own async
 * actions too.
 *
 * - Only the newest call updates the state; older results are dropped.
 * - After unmount nothing updates React; the promise still settles.
 * - An error *reply* from World App (`{ status: 'error', error_code }`)
 *   resolves: it is `data`, and `isSuccess` is true. `error` is only set
 *   when the call rejects (invalid input, command unavailable, timeout,
 *   abort, malformed reply).
 * - The returned function is stable; it always calls the latest `command`.
 *
 * @example
 * ```tsx
 * function Sign() {
 *   const { signMessage, data, isPending } = useCommand(signMessage, 'signMessage')
 *   return (
 *     <button type="button" disabled={isPending} onClick={() => signMessage({ message: 'gm' }).catch(console.error)}>
 *       {data?.status === 'success' ? data.signature : 'Sign'}
 *     </button>
 *   )
 * }
 * ```
 */
export function useCommand<TArgs extends unknown[], TResult>(
  command: (...args: TArgs) => Promise<TResult>,
): UseCommandState<TArgs, TResult>
export function useCommand<TName extends string, TArgs extends unknown[], TResult>(
  command: (...args: TArgs) => Promise<TResult>,
  name: TName,
): UseCommandReturnType<TName, TArgs, TResult>
export function useCommand<TArgs extends unknown[], TResult>(
  command: (...args: TArgs) => Promise<TResult>,
  name?: string,
): UseCommandState<TArgs, TResult> {
  // Inline lambdas change identity every render; the store keeps calling the latest one.
  const latest = useRef(command)
  useEffect(() => {
    latest.current = command
  })
  const [store] = useState(() => createCommandStore<TArgs, TResult>((...args) => latest.current(...args)))
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState)
  return useMemo(() => {
    const { execute, reset } = store
    return name === undefined ? { ...state, execute, reset } : { ...state, execute, reset, [name]: execute }
  }, [state, store, name])
}
