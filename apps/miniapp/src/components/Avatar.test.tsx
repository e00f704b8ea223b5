// @vitest-environment happy-dom
import { fireEvent, render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { Avatar } from './Avatar.js'

test('default: the picture when there is one', () => {
  render(<Avatar pictureUrl="https://cdn.world.test/a.png" alt="Ana" />)
  expect(screen.getByRole('img', { name: 'Ana' }).getAttribute('src')).toBe('https://cdn.world.test/a.png')
})

test('behavior: without a picture, the person icon', () => {
  const { container } = render(<Avatar pictureUrl={null} />)
  expect(container.querySelector('img')).toBeNull()
  expect(container.querySelector('svg')).not.toBeNull()
})

test('behavior: a picture that fails to load (a host the CSP blocks) falls back to the icon; a new picture is tried again', () => {
  const { container, rerender } = render(<Avatar pictureUrl="https://tracker.test/p.gif" alt="Ana" />)
  fireEvent.error(screen.getByRole('img', { name: 'Ana' }))
  expect(container.querySelector('img')).toBeNull()
  expect(container.querySelector('svg')).not.toBeNull()
  rerender(<Avatar pictureUrl="https://cdn.world.test/a.png" alt="Ana" />)
  expect(screen.getByRole('img', { name: 'Ana' }).getAttribute('src')).toBe('https://cdn.world.test/a.png')
})
