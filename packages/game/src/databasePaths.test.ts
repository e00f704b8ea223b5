import { expect, test } from 'vitest'
import { databasePaths } from './databasePaths.js'

test('default: every path the data model names (docs/data-model.md)', () => {
  const uid = '0x52908400098527886E0F7030069857D2E4169EE7'
  expect(databasePaths.dropsCell(997459, 'w21z73')).toBe('drops/997459/w21z73')
  expect(databasePaths.drop(997459, 'w21z73', 'w21z73t_997459_3')).toBe('drops/997459/w21z73/w21z73t_997459_3')
  expect(databasePaths.spawnedCell(997459, 'w21z73t')).toBe('spawned/997459/w21z73t')
  expect(databasePaths.claim(997459, 'w21z73t_997459_3')).toBe('claims/997459/w21z73t_997459_3')
  expect(databasePaths.inventory(uid)).toBe(`inventories/${uid}`)
  expect(databasePaths.inventoryItem(uid, 'w21z73t_997459_3')).toBe(`inventories/${uid}/w21z73t_997459_3`)
  expect(databasePaths.profile(uid)).toBe(`profiles/${uid}`)
  expect(databasePaths.publicProfile('p0123')).toBe('publicProfiles/p0123')
  expect(databasePaths.player(uid)).toBe(`players/${uid}`)
})
