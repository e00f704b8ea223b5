/** The page global the early hook keeps its events in, until the reporter takes them. */
export const EARLY_ERRORS_GLOBAL = '__wmEarly'

/** Events the early hook keeps at most: a loop of errors before the reporter loads keeps no more. */
export const EARLY_ERRORS_LIMIT = 20

/** The page events the early hook keeps: uncaught errors and unhandled rejections. */
const EARLY_EVENTS = ['error', 'unhandledrejection'] as const

/**
 * The early hook, an inline `<script>` in every page's `<head>`, before any other script
 * (`+Head.tsx`): it keeps the first {@link EARLY_ERRORS_LIMIT} uncaught
 * errors and unhandled rejections in `window.__wmEarly` (the list, its
 * listener as `.f`) from before the first module runs until the reporter,
 * loaded a second after `load`, takes them ({@link takeEarlyErrors}).
 * Inline, not a module of the bundle: it runs before the bundle is even
 * fetched, and costs no request. The production CSP allows exactly this text
 * by its hash (`createSecurityHeaders`, `earlyErrorsScriptHash`), so any
 * change here changes the hash with it.
 */
export const EARLY_ERRORS_SCRIPT = `(function(w,q){function f(e){q.length<${EARLY_ERRORS_LIMIT}&&q.push(e)}q.f=f;w.${EARLY_ERRORS_GLOBAL}=q;${EARLY_EVENTS.map((type) => `w.addEventListener("${type}",f);`).join('')}})(window,[])`

/** What the early hook leaves on the page. */
type EarlyList = Event[] & { f?: (event: Event) => void }

/**
 * The events the early hook kept, oldest first; its listeners are removed
 * and the list dropped, so each event is handed over once and nothing is
 * kept twice. Call it after the reporter's own listeners are on: no event
 * falls between the two. Empty when the hook never ran (a test, a page
 * without it).
 *
 * @example
 * ```ts
 * for (const type of REPORTED_EVENTS) addEventListener(type, report)
 * for (const event of takeEarlyErrors()) report(event)
 * ```
 */
export function takeEarlyErrors(page: EventTarget = globalThis): Event[] {
  const holder = page as unknown as Record<string, EarlyList | undefined>
  const early = holder[EARLY_ERRORS_GLOBAL]
  if (!Array.isArray(early)) return []
  delete holder[EARLY_ERRORS_GLOBAL]
  if (early.f) for (const type of EARLY_EVENTS) page.removeEventListener(type, early.f)
  return [...early]
}
