import { type ComponentType, lazy, Suspense } from 'react'
import { PageSkeleton } from './PageSkeleton.js'

/**
 * A page's screen as its own chunk, out of the first load. Every screen
 * sits behind sign-in: on a cold load the app shell shows the login view
 * (the server always renders it), so the screen's code is only needed after
 * the spec §7 sequence — seconds later. The download starts at the first
 * idle moment after the page's entry runs, so by then it is there; during a
 * client-side navigation (or a render before that moment) the page skeleton
 * covers the wait.
 *
 * @param load  the screen's module, e.g. `() => import('./HomeScreen.js').then((m) => m.HomeScreen)`
 * @example
 * ```tsx
 * // pages/index/+Page.tsx
 * export default lazyScreen(() => import('../../src/features/home/HomeScreen.js').then((m) => m.HomeScreen))
 * ```
 */
export function lazyScreen<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined
  const start = () => {
    loading ??= load().then((component) => ({ default: component }))
    return loading
  }
  // In the browser, fetch once the start-up work is done (the first idle
  // moment: hydration, install and the login's first step come first), not on
  // first render, which is seconds later on a cold load. A failure surfaces on
  // render, through React.lazy, to the error page.
  if (typeof window !== 'undefined') {
    const prefetch = () => void start().catch(() => {})
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(prefetch, { timeout: 2_000 })
    else setTimeout(prefetch, 0)
  }
  const Screen = lazy(start)
  function LazyScreen(props: Props) {
    return (
      <Suspense fallback={<PageSkeleton />}>
        <Screen {...props} />
      </Suspense>
    )
  }
  return LazyScreen
}
