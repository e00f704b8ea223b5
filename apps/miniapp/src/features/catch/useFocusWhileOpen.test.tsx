// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { useRef } from 'react'
import { afterEach, expect, test } from 'vitest'
import { useFocusWhileOpen } from './useFocusWhileOpen.js'

function Dialog() {
  const ref = useRef<HTMLButtonElement>(null)
  useFocusWhileOpen(ref)
  return (
    <button ref={ref} type="button">
      Continue
    </button>
  )
}

afterEach(() => {
  document.body.replaceChildren()
})

test('default: focus moves in on mount and back to the opener on unmount', () => {
  const opener = document.createElement('button')
  document.body.append(opener)
  opener.focus()
  const { getByRole, unmount } = render(<Dialog />)
  expect(document.activeElement).toBe(getByRole('button', { name: 'Continue' }))
  unmount()
  expect(document.activeElement).toBe(opener)
})

test('behavior: an opener that left the page is not focused', () => {
  const opener = document.createElement('button')
  document.body.append(opener)
  opener.focus()
  const { unmount } = render(<Dialog />)
  opener.remove()
  unmount()
  expect(document.activeElement).not.toBe(opener)
})
