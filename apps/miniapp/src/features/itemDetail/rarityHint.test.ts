import { RARITIES, RARITY_WEIGHTS } from '@worldmap/game'
import { expect, test } from 'vitest'
import { en } from '../../lib/i18n/catalogues/en/index.js'
import { translatorFor } from '../../lib/i18n/index.js'
import { rarityHint } from './rarityHint.js'

test('parameters: the rarity hint follows the game’s spawn weights', () => {
  const t = translatorFor({ locale: 'en', messages: en })
  const total = Object.values(RARITY_WEIGHTS).reduce((sum, weight) => sum + weight, 0)
  for (const rarity of RARITIES) {
    const share = RARITY_WEIGHTS[rarity] / total
    const hint = rarityHint(t, rarity)
    if (share > 0.5) expect(hint).toBe(`Most drops are ${rarity}.`)
    else expect(hint).toBe(`About 1 in ${Math.round(1 / share)} drops is ${rarity}.`)
  }
  // Rarer is rarer in words too: the odds grow up the ladder.
  const odds = RARITIES.slice(1).map((rarity) => Number(/1 in (\d+)/.exec(rarityHint(t, rarity))?.[1]))
  expect(odds).toEqual([...odds].sort((a, b) => a - b))
})
