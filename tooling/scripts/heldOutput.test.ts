import { describe, expect, test } from 'vitest'
import { heldOutputFile, heldOutputShown } from './heldOutput.mjs'

const numbered = (count: number) => `${Array.from({ length: count }, (_, i) => `line ${i + 1}`).join('\n')}\n`

describe('heldOutputFile', () => {
  test('default: the step name in lower case with dashes, no leading or trailing dash', () => {
    expect(heldOutputFile('package lint (publint, attw)')).toBe('package-lint-publint-attw.log')
    expect(heldOutputFile('typecheck (tsc --noEmit)')).toBe('typecheck-tsc-noemit.log')
    expect(heldOutputFile('README commands from a fresh tree')).toBe('readme-commands-from-a-fresh-tree.log')
  })
})

describe('heldOutputShown', () => {
  test('default: a passing step with long output is one line naming its file', () => {
    expect(heldOutputShown(numbered(400), { failed: 0 }, '.test-results/x.log')).toBe(
      '(400 lines of output in .test-results/x.log)\n',
    )
  })

  test('behavior: short output is shown whole, passing or not', () => {
    expect(heldOutputShown(numbered(3), { failed: 0 }, 'f')).toBe('line 1\nline 2\nline 3\n')
    expect(heldOutputShown('no newline at the end', { failed: 1 }, 'f')).toBe('no newline at the end\n')
  })

  test('behavior: a failing step shows its last 60 lines and says where the earlier ones are', () => {
    const shown = heldOutputShown(numbered(400), { failed: 2 }, '.test-results/x.log').split('\n')
    expect(shown[0]).toBe('… 340 earlier lines in .test-results/x.log')
    expect(shown[1]).toBe('line 341')
    expect(shown.at(-2)).toBe('line 400')
    expect(shown).toHaveLength(62)
  })

  test('edge: a failing step with exactly 60 lines shows them all and no "earlier" line', () => {
    expect(heldOutputShown(numbered(60), { failed: 1 }, 'f')).toBe(numbered(60))
  })
})
