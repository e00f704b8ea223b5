// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { showNotificationBanner } from './showNotificationBanner.js'

const shadowOf = (element: HTMLElement) => element.shadowRoot as ShadowRoot

afterEach(() => {
  document.body.innerHTML = ''
})

describe('showNotificationBanner', () => {
  test('default: the source, title and message in a banner; tapping opens and closes it', () => {
    const onOpen = vi.fn()
    const { element } = showNotificationBanner(window, { title: '🔥 Keep your 5-day streak', message: 'Find one drop.', onOpen })
    const root = shadowOf(element)
    expect(root.querySelector('.banner')?.getAttribute('role')).toBe('status')
    expect(root.querySelector('.source')?.textContent).toBe('World App')
    expect(root.querySelector('.title')?.textContent).toBe('🔥 Keep your 5-day streak')
    const open = root.querySelector('.open') as HTMLButtonElement
    expect(open.getAttribute('aria-label')).toBe('🔥 Keep your 5-day streak. Find one drop.')
    open.click()
    expect(onOpen).toHaveBeenCalledTimes(1)
    expect(document.querySelector('worldmap-simulator-notification')).toBeNull()
  })

  test('behavior: × dismisses without opening; a new banner replaces the one shown', () => {
    const onOpen = vi.fn()
    showNotificationBanner(window, { title: 'One', message: 'm', onOpen })
    const second = showNotificationBanner(window, { title: 'Two', message: 'm', onOpen })
    expect(document.querySelectorAll('worldmap-simulator-notification')).toHaveLength(1)
    ;(shadowOf(second.element).querySelector('.close') as HTMLButtonElement).click()
    expect(document.querySelector('worldmap-simulator-notification')).toBeNull()
    expect(onOpen).not.toHaveBeenCalled()
  })
})
