// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { renderToString } from 'react-dom/server'
import { expect, test, vi } from 'vitest'
import { LazyScreen, lazyScreen } from './lazyScreen.js'

function Greeting() {
  return <p>hello</p>
}

class Boundary extends Component<{ children: ReactNode }, { error?: Error }> {
  override state: { error?: Error } = {}
  static getDerivedStateFromError(error: Error) {
    return { error }
  }
  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children
  }
}

/** `create()` with one global replaced, restored afterwards. */
function withGlobal<T>(name: string, value: unknown, create: () => T): T {
  vi.stubGlobal(name, value)
  try {
    return create()
  } finally {
    vi.unstubAllGlobals()
  }
}

test('default: the download starts at the first idle moment, before any render, and only once', async () => {
  const load = vi.fn(async () => Greeting)
  const idle = vi.fn()
  const Screen = withGlobal('requestIdleCallback', idle, () => lazyScreen(load))
  expect(load).not.toHaveBeenCalled()
  expect(idle).toHaveBeenCalledWith(expect.any(Function), { timeout: 2_000 })
  idle.mock.calls[0]?.[0]()
  expect(load).toHaveBeenCalledTimes(1)
  const { unmount } = render(<LazyScreen screen={Screen} />)
  expect(await screen.findByText('hello')).toBeTruthy()
  unmount()
  render(<LazyScreen screen={Screen} />)
  expect(await screen.findByText('hello')).toBeTruthy()
  expect(load).toHaveBeenCalledTimes(1)
})

test('behavior: without requestIdleCallback, the next task; a render before that loads at once', async () => {
  vi.useFakeTimers()
  try {
    const load = vi.fn(async () => Greeting)
    lazyScreen(load)
    expect(load).not.toHaveBeenCalled()
    vi.runAllTimers()
    expect(load).toHaveBeenCalledTimes(1)
    const early = vi.fn(async () => Greeting)
    const Screen = lazyScreen(early)
    render(<LazyScreen screen={Screen} />)
    expect(early).toHaveBeenCalledTimes(1)
    vi.runAllTimers()
    expect(early).toHaveBeenCalledTimes(1)
  } finally {
    vi.useRealTimers()
  }
})

test('behavior: the page skeleton while the screen loads', async () => {
  let resolve: (component: typeof Greeting) => void = () => {}
  const Screen = lazyScreen(() => new Promise<typeof Greeting>((done) => (resolve = done)))
  render(<LazyScreen screen={Screen} />)
  expect(screen.getByRole('status', { name: 'Loading page' })).toBeTruthy()
  resolve(Greeting)
  expect(await screen.findByText('hello')).toBeTruthy()
  expect(screen.queryByRole('status', { name: 'Loading page' })).toBeNull()
})

test('edge: on the server nothing loads until a render needs it; the render is the skeleton', () => {
  const load = vi.fn(async () => Greeting)
  const Screen = withGlobal('window', undefined, () => lazyScreen(load))
  expect(load).not.toHaveBeenCalled()
  expect(renderToString(<LazyScreen screen={Screen} />)).toContain('aria-label="Loading page"')
})

test('error: a screen that fails to download reaches the error boundary', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => {})
  const Screen = lazyScreen(async () => {
    throw new Error('chunk failed to load')
  })
  render(
    <Boundary>
      <LazyScreen screen={Screen} />
    </Boundary>,
  )
  expect(await screen.findByText('failed: chunk failed to load')).toBeTruthy()
})

test("behavior: the screen's prefetch runs after its code arrives, at that idle moment, not on render", async () => {
  const order: string[] = []
  const load = vi.fn(async () => {
    order.push('screen')
    return Greeting
  })
  const prefetch = vi.fn(async () => {
    order.push('prefetch')
  })
  const idle = vi.fn()
  const Screen = withGlobal('requestIdleCallback', idle, () => lazyScreen(load, prefetch))
  render(<LazyScreen screen={Screen} />)
  expect(await screen.findByText('hello')).toBeTruthy()
  expect(prefetch).not.toHaveBeenCalled()
  idle.mock.calls[0]?.[0]()
  await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1))
  expect(order).toEqual(['screen', 'prefetch'])
  expect(load).toHaveBeenCalledTimes(1)
})

test('behavior: a failing prefetch is left alone (the screen shows; no unhandled rejection)', async () => {
  const idle = vi.fn()
  const prefetch = vi.fn(async () => {
    throw new Error('offline')
  })
  const Screen = withGlobal('requestIdleCallback', idle, () => lazyScreen(async () => Greeting, prefetch))
  idle.mock.calls[0]?.[0]()
  await vi.waitFor(() => expect(prefetch).toHaveBeenCalledTimes(1))
  render(<LazyScreen screen={Screen} />)
  expect(await screen.findByText('hello')).toBeTruthy()
})
