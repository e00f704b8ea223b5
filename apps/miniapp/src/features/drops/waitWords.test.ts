import { describe, expect, test } from 'vitest'
import { en } from '../../lib/i18n/catalogues/en/index.js'
import { es } from '../../lib/i18n/catalogues/es/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { CollectDropError } from '../collect/CollectDropError.js'
import { collectErrorWords } from '../collect/collectErrorWords.js'
import { waitWords } from './waitWords.js'

describe('waitWords', () => {
  test.each([
    [undefined, null],
    [0, null],
    [Number.NaN, null],
    [-5, null],
    [1_500, '2 sec'],
    [59_000, '59 sec'],
    [90_000, '2 min'],
    [3_600_000, '1 hr'],
    [3_900_000, '1 hr 5 min'],
  ])('default: %s ms is %s in English', (ms, words) => {
    expect(waitWords(ms, 'en')).toBe(words)
  })

  test("behavior: in the player's language and units", () => {
    expect(waitWords(3_900_000, 'es')).toBe('1 h 5 min')
    expect(waitWords(30_000, 'id')).toBe('30 dtk')
  })
})

describe('collectErrorWords', () => {
  const t = translatorFor({ locale: 'en', messages: en })
  test('default: each code in words; the two that lift with time say the wait when there is one', () => {
    expect(collectErrorWords(t, 'en', new CollectDropError('out_of_reach'))).toBe('Move closer to collect this drop.')
    expect(collectErrorWords(t, 'en', new CollectDropError('impossible_travel'))).toBe(
      'You moved too fast to collect here. Try again once your location settles.',
    )
    expect(collectErrorWords(t, 'en', new CollectDropError('impossible_travel', { retryAfterMs: 120_000 }))).toBe(
      'You moved too fast to collect here. Try again in 2 min.',
    )
    expect(collectErrorWords(t, 'en', new CollectDropError('rate_limited'))).toBe(
      "You're collecting very fast. Try again in a moment.",
    )
  })

  test("behavior: English says exactly the error's own message, for every code and wait", () => {
    for (const code of Object.keys(en)
      .filter((key) => /^map\.error\.[a-z_]+$/.test(key))
      .map((key) => key.slice(10))) {
      for (const retryAfterMs of [undefined, 90_000]) {
        const error = new CollectDropError(code as CollectDropError['code'], { retryAfterMs })
        expect(collectErrorWords(t, 'en', error)).toBe(error.message)
      }
    }
    const spanish = translatorFor({ locale: 'es', messages: es })
    expect(collectErrorWords(spanish, 'es', new CollectDropError('drop_expired'))).toBe('Este objeto ha caducado.')
  })
})
