import { act, render, renderHook, screen } from '@testing-library/react'
import type { BridgeSession, BridgeSessionListener, BridgeSessionState } from '@worldmap/minikit/bridge'
import { StrictMode } from 'react'
import { expect, test, vi } from 'vitest'
import { useVerificationSession } from './useVerificationSession.js'

const initial: BridgeSessionState = Object.freeze({
  iv: null,
  key: null,
  result: null,
  errorCode: null,
  requestId: null,
  connectorURI: null,
  bridge_url: 'https://bridge.worldcoin.org',
  verificationState: 'loading_widget',
  error: null,
})

/** A hand-made `BridgeSession` whose state the test sets directly. */
function createFakeSession() {
  let state = initial
  const listeners = new Set<BridgeSessionListener>()
  const set = (patch: Partial<BridgeSessionState>) => {
    const previous = state
    state = Object.freeze({ ...state, ...patch })
    for (const listener of listeners) listener(state, previous)
  }
  const session = {
    polling: false,
    set,
    getState: () => state,
    subscribe: vi.fn((listener: BridgeSessionListener) => {
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
    start: vi.fn(async () => {
      session.polling = true
      return state
    }),
    stop: vi.fn(() => {
      session.polling = false
    }),
    listenerCount: () => listeners.size,
  } satisfies BridgeSession & Record<string, unknown>
  return session
}

function Widget({ session }: { session: BridgeSession }) {
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
  act(() => session.set({ verificationState: 'confirmed', connectorURI: null }))
  expect(screen.getByTestId('state').textContent).toBe('confirmed')
  expect(screen.queryByRole('link')).toBeNull()
})

test('default: returns every state field plus the session’s own actions', async () => {
  const session = createFakeSession()
  const { result } = renderHook(() => useVerificationSession(session))
  expect(result.current).toMatchObject({ ...initial, session })
  expect(result.current.createClient).toBe(session.createClient)
  await act(async () => {
    await result.current.createClient()
  })
  expect(session.start).not.toHaveBeenCalled()
  await act(async () => {
    await result.current.pollForUpdates()
  })
  expect(result.current.verificationState).toBe('awaiting_app')
  await act(async () => {
    await result.current.start()
  })
  expect(session.polling).toBe(true)
  act(() => result.current.stop())
  expect(session.polling).toBe(false)
  act(() => result.current.reset())
  expect(result.current).toMatchObject(initial)
})

test('parameters: a session is used as given; a new one replaces the old one, which stops', () => {
  const first = createFakeSession()
  const second = createFakeSession()
  const { result, rerender } = renderHook(({ session }) => useVerificationSession(session), { initialProps: { session: first } })
  expect(result.current.session).toBe(first)
  rerender({ session: second })
  expect(result.current.session).toBe(second)
  expect(first.stop).toHaveBeenCalled()
  expect(first.listenerCount()).toBe(0)
  expect(second.listenerCount()).toBe(1)
})

test('behavior: stops polling and unsubscribes on unmount, also under StrictMode', () => {
  const session = createFakeSession()
  const { unmount } = renderHook(() => useVerificationSession(session), { wrapper: StrictMode })
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
  const { result } = renderHook(() => useVerificationSession(session))
  await act(async () => {
    await expect(result.current.createClient()).rejects.toBe(failure)
  })
  expect(result.current).toMatchObject({ verificationState: 'failed', errorCode: 'generic_error' })
})
