// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react'
import { expect, test } from 'vitest'
import { ErrorScreen } from './ErrorScreen.js'

test('default: the 404 page says the page was not found and links home', () => {
  render(<ErrorScreen kind="not-found" />)
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeTruthy()
  expect(screen.getByRole('link', { name: 'Back to WorldMap' }).getAttribute('href')).toBe('/')
})

test('behavior: the 500 page', () => {
  render(<ErrorScreen kind="error" />)
  expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
})
