import { createElement, type ReactNode } from 'react'
import type { SvgNode } from './SvgNode.js'

/**
 * An {@link SvgNode} tree as React elements, `key` being its place among its siblings.
 *
 * @example
 * ```tsx
 * <svg viewBox="0 0 100 100">{dropArtTree(input).map(svgNodeToElement)}</svg>
 * ```
 */
export function svgNodeToElement(node: SvgNode, key: number): ReactNode {
  return createElement(node.tag, { ...node.attrs, key }, node.children?.map(svgNodeToElement))
}
