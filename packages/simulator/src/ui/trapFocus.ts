const FOCUSABLE = 'button:not([disabled]),input:not([disabled]),[tabindex]:not([tabindex="-1"]),summary'

/**
 * Keep keyboard focus inside a modal in a shadow root, as a native sheet
 * does: Tab and Shift+Tab cycle its controls, Escape calls `onEscape`, Enter
 * and Space press the focused button. Returns how to stop and give focus back
 * to whatever had it before.
 *
 * @example
 * ```ts
 * const release = trapFocus(root, sheet, () => close(false))
 * ```
 */
export function trapFocus(root: ShadowRoot, container: HTMLElement, onEscape: () => void): () => void {
  const doc = container.ownerDocument
  const before = doc.activeElement as HTMLElement | null
  const focusables = () => [...container.querySelectorAll<HTMLElement>(FOCUSABLE)]
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault()
      event.stopPropagation()
      onEscape()
      return
    }
    const active = root.activeElement as HTMLElement | null
    if ((event.key === 'Enter' || event.key === ' ') && active?.tagName === 'BUTTON') {
      // Pressed here so the press happens once, whatever the browser's own default would be.
      event.preventDefault()
      active.click()
      return
    }
    if (event.key !== 'Tab') return
    const items = focusables()
    if (!items.length) return
    const index = active ? items.indexOf(active) : -1
    const next = event.shiftKey ? (index <= 0 ? items.length - 1 : index - 1) : index === items.length - 1 ? 0 : index + 1
    event.preventDefault()
    items[next]?.focus()
  }
  container.addEventListener('keydown', onKey)
  return () => {
    container.removeEventListener('keydown', onKey)
    if (before && before !== doc.body && before.isConnected) before.focus()
  }
}
