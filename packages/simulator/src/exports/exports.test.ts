import { expect, test } from 'vitest'
import * as root from './index.js'
import * as verifier from './verifier.js'

// A changed export list is a public API change: review it, then update.
test('default: root entry export list', () => {
  expect(Object.keys(root).sort()).toMatchSnapshot()
})

test('default: verifier entry export list', () => {
  expect(Object.keys(verifier).sort()).toMatchSnapshot()
})

test('behavior: importing the root entry installs nothing', () => {
  expect((window as { WorldApp?: unknown }).WorldApp).toBeUndefined()
  expect((window as { webkit?: unknown }).webkit).toBeUndefined()
  expect((window as { Android?: unknown }).Android).toBeUndefined()
  expect(document.body.querySelector('worldmap-simulator-sheet')).toBeNull()
})
