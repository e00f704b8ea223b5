import { createStore } from '../utils/createStore.js'

/** Lifecycle of one command call. */
export type CommandStatus = 'idle' | 'pending' | 'success' | 'error'

/** State of a {@link createCommandStore} store: the latest call only. */
export interface CommandState<TResult> {
  status: CommandStatus
  /** The host's final payload of the latest call; may itself be an error reply (`status: 'error'`). */
  data: TResult | undefined
  /** Why the latest call rejected (typed SDK errors such as `InvalidPayloadError`). */
  error: Error | null
  isIdle: boolean
  isPending: boolean
  /** The call resolved. The host may still have answered with an error reply: check `data.status`. */
  isSuccess: boolean
  /** The call rejected; `error` holds the typed SDK error. */
  isError: boolean
}

/** A framework-free store around one async command. */
export interface CommandStore<TArgs extends unknown[], TResult> {
  /** The current snapshot; the same object until the state changes. */
  getState(): CommandState<TResult>
  subscribe(listener: () => void): () => void
  /** Run the command; the store tracks only the newest call. */
  execute(...args: TArgs): Promise<TResult>
  /** Back to idle; a call still in flight no longer updates the state. */
  reset(): void
}

// Flags are derived once per state change, so a snapshot is one frozen
// object that UIs can compare by reference.
function toState<TResult>(status: CommandStatus, data: TResult | undefined, error: Error | null): CommandState<TResult> {
  return Object.freeze({
    status,
    data,
    error,
    isIdle: status === 'idle',
    isPending: status === 'pending',
    isSuccess: status === 'success',
    isError: status === 'error',
  })
}

const idle = toState<never>('idle', undefined, null)
const pending = toState<never>('pending', undefined, null)

/**
 * Wrap an async command in a tiny observable store (what TanStack Query
 * calls a mutation observer). Results of an older call never overwrite a
 * newer call's state: each call takes a ticket, and only the newest ticket
 * may settle the state. The promise of every call still settles for its
 * own caller. Framework-free: React's `useCommand` renders one, and a Vue or
 * Svelte binding can do the same with its own reactivity.
 *
 * @example
 * ```ts
 * import { signMessage } from '@worldmap/minikit'
 * import { createCommandStore } from '@worldmap/minikit/transactions'
 *
 * const store = createCommandStore(signMessage)
 * store.subscribe(() => console.log(store.getState().status))
 * await store.execute({ message: 'hello' }) // logs 'pending', then 'success'
 * ```
 */
export function createCommandStore<TArgs extends unknown[], TResult>(
  command: (...args: TArgs) => Promise<TResult>,
): CommandStore<TArgs, TResult> {
  const store = createStore<CommandState<TResult>>(idle)
  const { set } = store
  let ticket = 0
  return {
    getState: store.getSnapshot,
    subscribe: store.subscribe,
    execute(...args) {
      const own = ++ticket
      set(pending)
      let promise: Promise<TResult>
      try {
        // A command that throws synchronously still yields a rejected promise.
        promise = Promise.resolve(command(...args))
      } catch (error) {
        promise = Promise.reject(error)
      }
      return promise.then(
        (data) => {
          if (own === ticket) set(toState('success', data, null))
          return data
        },
        (error: unknown) => {
          if (own === ticket) set(toState<TResult>('error', undefined, toError(error)))
          throw error
        },
      )
    },
    reset() {
      ticket++
      if (store.getSnapshot() !== idle) set(idle)
    },
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error), { cause: error })
}
