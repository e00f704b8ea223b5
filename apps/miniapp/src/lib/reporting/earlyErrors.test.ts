import { describe, expect, test } from 'vitest'
import { EARLY_ERRORS_GLOBAL, EARLY_ERRORS_LIMIT, EARLY_ERRORS_SCRIPT, takeEarlyErrors } from './earlyErrors.js'

/** A page of its own (an EventTarget standing in for `window`) with the early hook run in it, as the inline script runs. */
function pageWithHook(): EventTarget {
  const page = new EventTarget()
  new Function('window', EARLY_ERRORS_SCRIPT)(page)
  return page
}

const errorEvent = (message: string) => Object.assign(new Event('error'), { error: new Error(message), message })

describe('EARLY_ERRORS_SCRIPT', () => {
  test('default: the hook keeps uncaught errors and unhandled rejections from the start, in order', () => {
    const page = pageWithHook()
    const first = errorEvent('boom')
    const second = Object.assign(new Event('unhandledrejection'), { reason: 'no' })
    page.dispatchEvent(first)
    page.dispatchEvent(second)
    page.dispatchEvent(new Event('securitypolicyviolation'))
    expect(takeEarlyErrors(page)).toEqual([first, second])
  })

  test(`behavior: a loop of errors keeps the first ${EARLY_ERRORS_LIMIT}`, () => {
    const page = pageWithHook()
    for (let at = 0; at < 100; at++) page.dispatchEvent(errorEvent(`boom ${at}`))
    const kept = takeEarlyErrors(page)
    expect(kept).toHaveLength(EARLY_ERRORS_LIMIT)
    expect((kept[0] as ErrorEvent).message).toBe('boom 0')
  })

  test('behavior: plain ES5 text, no template of ours left in it (the CSP hash is of this exact text)', () => {
    expect(EARLY_ERRORS_SCRIPT).toMatchInlineSnapshot(
      `"(function(w,q){function f(e){q.length<20&&q.push(e)}q.f=f;w.__wmEarly=q;w.addEventListener("error",f);w.addEventListener("unhandledrejection",f);})(window,[])"`,
    )
  })
})

describe('takeEarlyErrors', () => {
  test('behavior: hands each event over once, and the hook stops keeping them', () => {
    const page = pageWithHook()
    page.dispatchEvent(errorEvent('before'))
    expect(takeEarlyErrors(page)).toHaveLength(1)
    expect(EARLY_ERRORS_GLOBAL in page).toBe(false)
    // From here on the reporter's own listeners report: the hook keeps nothing more.
    page.dispatchEvent(errorEvent('after'))
    expect(takeEarlyErrors(page)).toEqual([])
  })

  test('behavior: a page without the hook has nothing early', () => {
    expect(takeEarlyErrors(new EventTarget())).toEqual([])
  })
})
