import { describe, expect, test } from 'vitest'
import { BaseError } from './BaseError.js'
import { type ConfigProblem, ConfigProblemsError } from './ConfigProblemsError.js'

const problems: ConfigProblem[] = [
  { variable: 'WORLDMAP_NONCE_SECRET', reason: 'is not set' },
  { variable: 'WORLDMAP_APP_ORIGINS', reason: 'must be https URLs' },
]

/** A family member as the app and the functions write them: a name, a code, a wording. */
class ExampleConfigError extends ConfigProblemsError {
  override name = 'ExampleConfigError'
  override readonly code = 'invalid_example_config'
  constructor(list: ConfigProblem[]) {
    super(`Example: ${ConfigProblemsError.list(list)}`, list)
  }
}

describe('ConfigProblemsError', () => {
  test('default: the problems and their variables, in order; the message as given', () => {
    const error = new ConfigProblemsError('Configuration is invalid.', problems)
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ name: 'ConfigProblemsError', code: 'invalid_config', problems })
    expect(error.variables).toEqual(['WORLDMAP_NONCE_SECRET', 'WORLDMAP_APP_ORIGINS'])
    expect(error.message).toBe('Configuration is invalid.')
  })

  test('parameters: details and a cause go to the shared base', () => {
    const cause = new Error('parse failed')
    const error = new ConfigProblemsError('Configuration is invalid.', problems, { details: '- A is not set', cause })
    expect(error.message).toBe('Configuration is invalid.\n\nDetails:\n- A is not set')
    expect(error.walk()).toBe(cause)
  })

  test('behavior: list() joins the problems as a clause, or as a list with a bullet', () => {
    expect(ConfigProblemsError.list(problems)).toBe('WORLDMAP_NONCE_SECRET is not set; WORLDMAP_APP_ORIGINS must be https URLs')
    expect(ConfigProblemsError.list(problems, '\n', '- ')).toBe(
      '- WORLDMAP_NONCE_SECRET is not set\n- WORLDMAP_APP_ORIGINS must be https URLs',
    )
    expect(ConfigProblemsError.list([])).toBe('')
  })

  test('behavior: a subclass keeps its own name, code and wording', () => {
    const error = new ExampleConfigError(problems.slice(0, 1))
    expect(error).toBeInstanceOf(ConfigProblemsError)
    expect(error).toMatchObject({ name: 'ExampleConfigError', code: 'invalid_example_config' })
    expect(error.message).toBe('Example: WORLDMAP_NONCE_SECRET is not set')
  })
})
