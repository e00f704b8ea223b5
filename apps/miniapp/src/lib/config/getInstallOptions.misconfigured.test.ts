// @vitest-environment happy-dom
// @vitest-environment-options { "url": "https://worldmap.app/" }
import { expect, test, vi } from 'vitest'
import { getInstallOptions } from './getInstallOptions.js'

test('error: a misconfigured production page logs the config error instead of failing the render', () => {
  const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
  expect(getInstallOptions()).toBeUndefined()
  expect(consoleError).toHaveBeenCalledWith(expect.objectContaining({ name: 'ClientConfigError' }))
})
