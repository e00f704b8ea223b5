import { act, render, renderHook, screen } from '@testing-library/react'
import { StrictMode } from 'react'
import { expect, test, vi } from 'vitest'
import { useVerificationSession, type VerificationSessionState, type VerificationSessionStore } from './useVerificationSession.js'

const initial: VerificationSessionState = Object.freeze({
  iv: null,
  key: null,
  result: null,
  errorCode: null,
  requestId: null,
  connectorURI: null,
  bridge_url: 'https://bridge.worldcoin.org',
  verificationState: 'loading_widget',
})

/** A hand-made session store with the shape of `createBridgeSession`'s. */
function createFakeSession() {
  let state = initial
  const listeners = new Set<(state: VerificationSessionState, previous: VerificationSessionState) => void>()
  const set = (patch: Partial<VerificationSessionState>) => {
    const previous = state
    state = Object.freeze({ ...state, ...patch })
    for (const listener of listeners) listener(state, previous)
  }
  const session = {
    polling: false,
    set,
    getState: () => state,
    subscribe: vi.fn((listener: (state: VerificationSessionState, previous: VerificationSessionState) => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }),
    createClient: vi.fn(async () => {
      set({
        requestId: 'req_1',
        connectorURI: 'https://world.org/verify?t=wld&i=req_1',
        verificationState: 'awaiting_connection',
      })
      return state
    }),
    pollForUpdates: vi.fn(async () => {
      set({ verificationState: 'awaiting_app' })
      return state
    }),
    reset: vi.fn(() => set(initial)),
    start: vi.fn(() => {
      session.polling = true
      return Promise.resolve(state)
    }),
    stop: vi.fn(() => {
      session.polling = false
    }),
    listenerCount: () => listeners.size,
  }
  return session
}

function Widget({ session }: { session: VerificationSessionStore }) {
  const { verificationState, connectorURI, createClient } = useVerificationSession(session)
  return (
    <div>
      <p data-testid="state">{verificationState}</p>
      {connectorURI ? <a href={connectorURI}>Open World App</a> : null}
      <button type="button" onClick={() => createClient()}>
        Verify
      </button>
    </div>
  )
}

test('default: renders the session state and follows its changes', async () => {
  const session = createFakeSession()
  render(<Widget session={session} />)
  expect(screen.getByTestId('state').textContent).toBe('loading_widget')
  await act(async () => screen.getByRole('button').click())
  expect(screen.getByTestId('state').textContent).toBe('awaiting_connection')
  expect(screen.getByRole('link').getAttribute('href')).toBe('https://world.org/verify?t=wld&i=req_1')
  act(() => session.set({ verificationState: 'confirmed', result: { proof: '0x1' }, connectorURI: null }))
  expect(screen.getByTestId('state').textContent).toBe('confirmed')
  expect(screen.queryByRole('link')).toBeNull()
})

test('default: returns every state field plus the actions, delegating to the store', async () => {
  const session = createFakeSession()
  const { result } = renderHook(() => useVerificationSession(session))
  expect(result.current).toMatchObject({ ...initial, store: session })
  await act(async () => {
    await result.current.createClient()
  })
  expect(session.createClient).toHaveBeenCalledTimes(1)
  expect(session.start).not.toHaveBeenCalled()
  await act(async () => {
    await result.current.pollForUpdates()
  })
  expect(result.current.verificationState).toBe('awaiting_app')
  act(() => {
    result.current.start()
  })
  expect(session.polling).toBe(true)
  act(() => result.current.stop())
  expect(session.polling).toBe(false)
  act(() => result.current.reset())
  expect(result.current).toMatchObject(initial)
})

test('parameters: autoStart starts polling once createClient resolved', async () => {
  const session = createFakeSession()
  const { result } = renderHook(() => useVerificationSession(session, { autoStart: true }))
  await act(async () => {
    await expect(result.current.createClient()).resolves.toMatchObject({ requestId: 'req_1' })
  })
  expect(session.start).toHaveBeenCalledTimes(1)
  expect(session.polling).toBe(true)
})

test('parameters: a factory runs once per mounted component, even under StrictMode re-renders', () => {
  const sessions: ReturnType<typeof createFakeSession>[] = []
  const factory = vi.fn(() => {
    const session = createFakeSession()
    sessions.push(session)
    return session
  })
  const { result, rerender } = renderHook(() => useVerificationSession(factory))
  rerender()
  rerender()
  expect(factory).toHaveBeenCalledTimes(1)
  expect(result.current.store).toBe(sessions[0])

  // StrictMode calls state initialisers twice and keeps one result (sessions are side-effect free to create).
  const strict = renderHook(() => useVerificationSession(factory), { wrapper: StrictMode })
  const kept = strict.result.current.store
  strict.rerender()
  expect(factory.mock.calls.length).toBeLessThanOrEqual(3)
  expect(sessions).toContain(kept)
  expect(strict.result.current.store).toBe(kept)
})

test('behavior: stops polling and unsubscribes on unmount', () => {
  const session = createFakeSession()
  const { unmount } = renderHook(() => useVerificationSession(session))
  expect(session.listenerCount()).toBe(1)
  unmount()
  expect(session.stop).toHaveBeenCalled()
  expect(session.listenerCount()).toBe(0)
})

test('behavior: the value is stable until the state changes', () => {
  const session = createFakeSession()
  const { result, rerender } = renderHook(() => useVerificationSession(session))
  const before = result.current
  rerender()
  expect(result.current).toBe(before)
  act(() => session.set({ verificationState: 'awaiting_app' }))
  expect(result.current).not.toBe(before)
  expect(result.current.createClient).toBe(before.createClient)
})

test('error: a failing createClient rejects for the caller and the failed state renders', async () => {
  const session = createFakeSession()
  const failure = new Error('Failed to create client')
  session.createClient.mockImplementationOnce(async () => {
    session.set({ verificationState: 'failed', errorCode: 'generic_error' })
    throw failure
  })
  const { result } = renderHook(() => useVerificationSession(session, { autoStart: true }))
  await act(async () => {
    await expect(result.current.createClient()).rejects.toBe(failure)
  })
  expect(result.current).toMatchObject({ verificationState: 'failed', errorCode: 'generic_error' })
  expect(session.start).not.toHaveBeenCalled()
})

test('behavior: typed with the store it is given', () => {
  const store: VerificationSessionStore = createFakeSession()
  const { result } = renderHook(() => useVerificationSession(store))
  expect(result.current.bridge_url).toBe('https://bridge.worldcoin.org')
})

test('parameters: a store is used as given; a new store replaces the old one, which stops', () => {
  const first = createFakeSession()
  const second = createFakeSession()
  const { result, rerender } = renderHook(({ store }) => useVerificationSession(store), { initialProps: { store: first } })
  expect(result.current.store).toBe(first)
  rerender({ store: second })
  expect(result.current.store).toBe(second)
  expect(first.stop).toHaveBeenCalled()
  expect(first.listenerCount()).toBe(0)
})
