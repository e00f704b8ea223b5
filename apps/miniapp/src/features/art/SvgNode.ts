/**
 * One element of drawn-in-code art, as plain data: the same tree renders as
 * React elements on screen ({@link DropArt}) and as an SVG string for the
 * share card's canvas ({@link renderDropArtSvg}). Attribute names are
 * React's (camelCase, `className`); {@link svgNodeToString} maps them back.
 */
export interface SvgNode {
  tag:
    | 'g'
    | 'path'
    | 'circle'
    | 'ellipse'
    | 'rect'
    | 'polygon'
    | 'polyline'
    | 'line'
    | 'defs'
    | 'linearGradient'
    | 'radialGradient'
    | 'stop'
  attrs: Record<string, string | number>
  children?: SvgNode[]
}

// SVG attributes whose real name is camelCase: everything else is kebab-case in markup.
const CAMEL_CASE_ATTRIBUTES = new Set(['viewBox', 'gradientUnits', 'gradientTransform', 'preserveAspectRatio'])

function attributeName(name: string): string {
  if (name === 'className') return 'class'
  if (CAMEL_CASE_ATTRIBUTES.has(name)) return name
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)
}

function escapeAttribute(value: string | number): string {
  return String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/**
 * Serialise an {@link SvgNode} tree as SVG markup.
 *
 * @example
 * ```ts
 * svgNodeToString({ tag: 'circle', attrs: { cx: 5, cy: 5, r: 4, strokeWidth: 2 } })
 * // '<circle cx="5" cy="5" r="4" stroke-width="2"/>'
 * ```
 */
export function svgNodeToString(node: SvgNode): string {
  const attributes = Object.entries(node.attrs)
    .map(([name, value]) => ` ${attributeName(name)}="${escapeAttribute(value)}"`)
    .join('')
  if (!node.children?.length) return `<${node.tag}${attributes}/>`
  return `<${node.tag}${attributes}>${node.children.map(svgNodeToString).join('')}</${node.tag}>`
}
