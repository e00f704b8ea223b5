import { type ComponentType, type LazyExoticComponent, lazy, Suspense } from 'react'
import { PageSkeleton } from './PageSkeleton.js'

/** A page's screen loaded on demand: see {@link lazyScreen}. */
export type LazyScreenComponent = LazyExoticComponent<ComponentType>

/**
 * A page's screen as its own chunk, out of the first load. Every screen
 * sits behind sign-in: on a cold load the app shell shows the login view
 * (the server always renders it), so the screen's code is only needed after
 * the spec §7 sequence — seconds later. The download starts at the first
 * idle moment after the page's entry runs, so by then it is there; during a
 * client-side navigation (or a render before that moment) the page skeleton
 * of {@link LazyScreen} covers the wait. Call it once, at module level.
 *
 * @param load  the screen's module, e.g. `() => import('./HomeScreen.js').then((m) => m.HomeScreen)`
 * @param prefetch  more code the screen will need soon after it shows (its data's SDKs), fetched
 *   right after the screen's own code at that idle moment, so it does not slow the first render
 * @example
 * ```tsx
 * // pages/index/+Page.tsx
 * const HomeScreen = lazyScreen(() => import('../features/home/HomeScreen.js').then((m) => m.HomeScreen))
 * export default function Page() {
 *   return <LazyScreen screen={HomeScreen} />
 * }
 * ```
 */
export function lazyScreen(load: () => Promise<ComponentType>, prefetch?: () => Promise<unknown>): LazyScreenComponent {
  let loading: Promise<{ default: ComponentType }> | undefined
  const start = () => {
    loading ??= load().then((component) => ({ default: component }))
    return loading
  }
  // In the browser, fetch once the start-up work is done (the first idle
  // moment: hydration, install and the login's first step come first), not on
  // first render, which is seconds later on a cold load. A failure surfaces on
  // render, through React.lazy, to the error page.
  if (typeof window !== 'undefined') {
    const fetchAhead = () =>
      void start()
        .then(() => prefetch?.())
        .catch(() => {})
    if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(fetchAhead, { timeout: 2_000 })
    else setTimeout(fetchAhead, 0)
  }
  return lazy(start)
}

/**
 * Render a {@link lazyScreen}, with the page skeleton until its code is there.
 *
 * @example
 * ```tsx
 * <LazyScreen screen={HomeScreen} />
 * ```
 */
export function LazyScreen({ screen: Screen }: { screen: LazyScreenComponent }) {
  return (
    <Suspense fallback={<PageSkeleton />}>
      <Screen />
    </Suspense>
  )
}
