import { BaseError } from '@worldmap/game'
import { describe, expect, test } from 'vitest'
import { CollectDropError } from '../../features/collect/CollectDropError.js'
import { SpawnRefusedError } from '../../features/drops/SpawnRefusedError.js'
import { WaitingCodedError } from './WaitingCodedError.js'

describe('WaitingCodedError', () => {
  test('default: the sentence names the wait in plain words, and keeps code, wait and cause', () => {
    const cause = new Error('refused')
    const error = new CollectDropError('rate_limited', { cause, retryAfterMs: 90_000 })
    expect(error).toBeInstanceOf(WaitingCodedError)
    expect(error).toBeInstanceOf(BaseError)
    expect(error).toMatchObject({ name: 'CollectDropError', code: 'rate_limited', retryAfterMs: 90_000, cause })
    expect(error.message).toBe("You're collecting very fast. Try again in 2 min.")
  })

  test('behavior: without a wait from the server the sentence says so instead of a number', () => {
    expect(new SpawnRefusedError('rate_limited').message).toBe("You're exploring fast — new drops appear here soon.")
    expect(new SpawnRefusedError('area_asleep', { retryAfterMs: 8 * 60_000 })).toMatchObject({
      name: 'SpawnRefusedError',
      code: 'area_asleep',
      retryAfterMs: 480_000,
    })
  })
})
