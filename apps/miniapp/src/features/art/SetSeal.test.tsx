// @vitest-environment happy-dom
import { render } from '@testing-library/react'
import { DROP_KINDS } from '@worldmap/game'
import { expect, test } from 'vitest'
import { renderSetSealSvg } from './renderSetSealSvg.js'
import { SetSeal } from './SetSeal.js'
import { SEAL_RIBBONS } from './setSealTree.js'

function seal(props: Parameters<typeof SetSeal>[0]): SVGSVGElement {
  const svg = render(<SetSeal {...props} />).container.querySelector('svg')
  if (!svg) throw new Error('no <svg>')
  return svg
}

test('default: an earned seal is gold with its kind’s ribbons; each kind’s seal is its own', () => {
  const drawings = DROP_KINDS.map((kind) => {
    const svg = seal({ kind, earned: true, size: 40 })
    expect(svg.dataset).toMatchObject({ kind, earned: 'true' })
    expect(svg.innerHTML).toContain(SEAL_RIBBONS[kind])
    return svg.innerHTML.replace(/seal-[\w-]+?-(\w+)/g, 'ID-$1')
  })
  expect(new Set(drawings).size).toBe(DROP_KINDS.length)
})

test('behavior: a seal not earned yet is a grey dashed outline, the item a silhouette without colour', () => {
  const svg = seal({ kind: 'coin', earned: false, size: 40 })
  expect(svg.dataset.earned).toBe('false')
  expect(svg.querySelector('[stroke-dasharray]')).not.toBeNull()
  expect(svg.innerHTML).not.toContain(SEAL_RIBBONS.coin)
  expect(svg.querySelector('[fill^="url("]')).toBeNull()
})

test('parameters: labelled it is an image with that name; otherwise hidden as decoration', () => {
  const labelled = seal({ kind: 'gem', earned: true, size: 36, label: 'Gem Seal: earned' })
  expect(labelled.getAttribute('role')).toBe('img')
  expect(labelled.getAttribute('aria-label')).toBe('Gem Seal: earned')
  expect(seal({ kind: 'gem', earned: true, size: 36 }).getAttribute('aria-hidden')).toBe('true')
})

test('behavior: the share card’s seal parses as SVG, every gradient it uses defined in it', () => {
  const parser = new DOMParser()
  for (const kind of DROP_KINDS) {
    const markup = renderSetSealSvg({ kind, size: 130, idPrefix: 'card-seal' })
    expect(parser.parseFromString(markup, 'image/svg+xml').querySelector('parsererror')).toBeNull()
    const defined = new Set([...markup.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]))
    for (const [, reference] of markup.matchAll(/url\(#([^)]+)\)/g)) expect(defined).toContain(reference)
  }
})
