/** Lifecycle of one command call. */
export type CommandStatus = 'idle' | 'pending' | 'success' | 'error'

/** State of a {@link createCommandStore} store: the latest call only. */
export interface CommandState<TResult> {
  status: CommandStatus
  /** The host's final payload of the latest call; may itself be an error reply (`status: 'error'`). */
  data: TResult | undefined
  /** Why the latest call rejected (typed SDK errors such as `InvalidPayloadError`). */
  error: Error | null
}

/** A framework-free store around one async command. */
export interface CommandStore<TArgs extends unknown[], TResult> {
  getState(): CommandState<TResult>
  subscribe(listener: () => void): () => void
  /** Run the command; the store tracks only the newest call. */
  execute(...args: TArgs): Promise<TResult>
  /** Back to idle; a call still in flight no longer updates the state. */
  reset(): void
}

const idle: CommandState<never> = Object.freeze({ status: 'idle', data: undefined, error: null })
const pending: CommandState<never> = Object.freeze({ status: 'pending', data: undefined, error: null })

/**
 * Wrap an async command in a tiny observable store (what TanStack Query
 * calls a mutation observer). Results of an older call never overwrite a
 * newer call's state: each call takes a ticket, and only the newest ticket
 * may settle the state. The promise of every call still settles for its
 * own caller.
 *
 * @example
 * ```ts
 * const store = createCommandStore(signMessage)
 * store.subscribe(() => console.log(store.getState().status))
 * await store.execute({ message: 'hello' }) // logs 'pending', then 'success'
 * ```
 */
export function createCommandStore<TArgs extends unknown[], TResult>(
  command: (...args: TArgs) => Promise<TResult>,
): CommandStore<TArgs, TResult> {
  let state: CommandState<TResult> = idle
  let ticket = 0
  const listeners = new Set<() => void>()
  const set = (next: CommandState<TResult>) => {
    state = next
    for (const listener of listeners) listener()
  }
  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
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
          if (own === ticket) set({ status: 'success', data, error: null })
          return data
        },
        (error: unknown) => {
          if (own === ticket) set({ status: 'error', data: undefined, error: toError(error) })
          throw error
        },
      )
    },
    reset() {
      ticket++
      if (state !== idle) set(idle)
    },
  }
}

function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error), { cause: error })
}
