// The functions' error roots are WorldMap errors: one `instanceof BaseError`
// (from @worldmap/game) recognises any of them, in the functions and the app.
import { BaseError, ConfigProblemsError } from '@worldmap/game'
import { describe, expect, test } from 'vitest'
import { PlayerMovingError } from '../database/errors/PlayerMovingError.js'
import { StoredDataError } from '../database/errors/StoredDataError.js'
import { GameError } from '../refusals/GameError.js'
import { RateLimitedError } from '../refusals/RateLimitedError.js'
import { ConfigError } from './ConfigError.js'

describe('the functions’ errors', () => {
  test.each([
    ['GameError', new GameError('Something.'), 'game_error'],
    ['a GameError subclass', new RateLimitedError({ quota: 'collect', retryAfterMs: 3000 }), 'rate_limited'],
    ['ConfigError', new ConfigError(['WORLDMAP_DROP_SEED']), 'invalid_config'],
    ['StoredDataError', new StoredDataError('drops/d1'), 'stored_data_invalid'],
    ['PlayerMovingError', new PlayerMovingError(), 'player_moving'],
  ])('behavior: %s extends the shared BaseError with its own name and code', (_name, error, code) => {
    expect(error).toBeInstanceOf(BaseError)
    expect(error.code).toBe(code)
    expect(error.name).not.toBe('WorldMapError')
    expect(error.message.startsWith(error.shortMessage)).toBe(true)
  })

  test('behavior: ConfigError is the shared ConfigProblemsError with its own name, code and wording', () => {
    const error = new ConfigError(['WORLDMAP_DROP_SEED', { variable: 'WORLDMAP_APP_ID', reason: 'is not set' }])
    expect(error).toBeInstanceOf(ConfigProblemsError)
    expect(error.variables).toEqual(['WORLDMAP_DROP_SEED', 'WORLDMAP_APP_ID'])
    expect(error.problems).toEqual([
      { variable: 'WORLDMAP_DROP_SEED', reason: 'is invalid' },
      { variable: 'WORLDMAP_APP_ID', reason: 'is not set' },
    ])
    expect(new ConfigError(['A', 'B']).message).toBe('Server configuration is invalid.\n\nDetails: check A, B')
  })

  test('behavior: the messages are what they were before the shared base', () => {
    expect(new StoredDataError('drops/d1').message).toBe('A stored record is malformed.\n\nPath: drops/d1')
    expect(new ConfigError([{ variable: 'A', reason: 'is not set' }]).message).toBe(
      'Server configuration is invalid.\n\nDetails:\n- A is not set',
    )
  })
})
