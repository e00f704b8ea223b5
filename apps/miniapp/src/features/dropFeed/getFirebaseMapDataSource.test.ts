// @vitest-environment happy-dom
import { expect, test } from 'vitest'
import { getFirebaseMapDataSource } from './getFirebaseMapDataSource.js'

test('default: one data source per page, shared by the home card and the map', () => {
  const source = getFirebaseMapDataSource()
  expect(typeof source.watchDrops).toBe('function')
  expect(typeof source.collect).toBe('function')
  expect(getFirebaseMapDataSource()).toBe(source)
})
