import { describe, expect, test } from 'vitest'
import { pickLocalisation } from './pickLocalisation.js'

const en = { language: 'en', title: 'Keep it', message: 'Go' }
const pt = { language: 'pt', title: 'Mantenha', message: 'Vai' }

describe('pickLocalisation', () => {
  test('default: the device language by primary subtag', () => {
    expect(pickLocalisation([en, pt], ['pt-BR', 'en'])).toBe(pt)
  })

  test('behavior: English when the device speaks none of them; the first when there is no English', () => {
    expect(pickLocalisation([pt, en], ['fr-FR'])).toBe(en)
    expect(pickLocalisation([pt], [])).toBe(pt)
    expect(pickLocalisation([], ['en'])).toBeUndefined()
  })
})
