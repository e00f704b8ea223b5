import { expect, test } from 'vitest'
import { getInstallOptions } from './getInstallOptions.js'

test('behavior: nothing on the server, where there is no page location', () => {
  expect(getInstallOptions()).toBeUndefined()
})
