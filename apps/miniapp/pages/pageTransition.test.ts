// @vitest-environment happy-dom

import type { PageContextClient } from 'vike/types'
import { expect, test } from 'vitest'
import { onPageTransitionEnd } from './+onPageTransitionEnd.js'
import { onPageTransitionStart } from './+onPageTransitionStart.js'

test('behavior: page-is-transitioning is on <body> from the start to the end of a page change', () => {
  expect(document.body.classList.contains('page-is-transitioning')).toBe(false)
  onPageTransitionStart({})
  expect(document.body.classList.contains('page-is-transitioning')).toBe(true)
  onPageTransitionEnd({} as PageContextClient)
  expect(document.body.classList.contains('page-is-transitioning')).toBe(false)
})
