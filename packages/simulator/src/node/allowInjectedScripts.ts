/**
 * Extend a Content-Security-Policy header just enough for the simulator's two
 * injected <script> tags, which carry `nonce`:
 *
 * - `'nonce-…'` is added to `script-src-elem` and `script-src` where present
 *   (the first governs <script> elements, the second is its fallback); a
 *   nonce allows exactly the tags that carry it, so the app's own scripts
 *   stay under its policy, and with `'strict-dynamic'` it is the only kind of
 *   source that still counts. `'none'` is dropped where the nonce goes, since
 *   it only means something alone.
 * - Without either, a `default-src` would block them: a `script-src` is added
 *   with default-src's sources plus the nonce, leaving every other fetch
 *   under `default-src` as it was.
 * - `require-trusted-types-for` goes: the simulator's sheets build their
 *   markup with `innerHTML`, which that directive turns into a TypeError.
 *
 * Several policies (a comma-separated header) are each extended, since a
 * browser enforces all of them.
 *
 * @example
 * ```ts
 * allowInjectedScripts("default-src 'self'; img-src *", 'abc')
 * // "default-src 'self'; img-src *; script-src 'self' 'nonce-abc'"
 * ```
 */
export function allowInjectedScripts(header: string, nonce: string): string {
  const source = `'nonce-${nonce}'`
  return header
    .split(',')
    .map((policy) => {
      const directives = policy
        .split(';')
        .map((directive) => directive.trim().split(/\s+/).filter(Boolean))
        .filter((tokens) => tokens.length > 0)
      const named = (name: string) => directives.find((tokens) => tokens[0]?.toLowerCase() === name)
      const extend = (tokens: string[]) => {
        const kept = tokens.filter((token, i) => i === 0 || token.toLowerCase() !== "'none'")
        tokens.splice(0, tokens.length, ...kept, source)
      }
      const scriptDirectives = [named('script-src-elem'), named('script-src')].filter((tokens) => tokens !== undefined)
      if (scriptDirectives.length > 0) scriptDirectives.forEach(extend)
      else {
        const fallback = named('default-src')
        if (fallback) {
          const added = ['script-src', ...fallback.slice(1)]
          extend(added)
          directives.push(added)
        }
      }
      return directives
        .filter((tokens) => tokens[0]?.toLowerCase() !== 'require-trusted-types-for')
        .map((tokens) => tokens.join(' '))
        .join('; ')
    })
    .join(', ')
}
