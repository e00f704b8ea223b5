// @vitest-environment node
import { expect, test } from 'vitest'
import { allowInjectedScripts } from './allowInjectedScripts.js'

test('default: the nonce joins script-src; other directives are untouched', () => {
  expect(allowInjectedScripts("script-src 'self' https://cdn.example; img-src *", 'n1')).toBe(
    "script-src 'self' https://cdn.example 'nonce-n1'; img-src *",
  )
})

test.each([
  ["script-src 'none'", "script-src 'nonce-n1'"],
  ["script-src 'nonce-app' 'strict-dynamic'", "script-src 'nonce-app' 'strict-dynamic' 'nonce-n1'"],
  ["script-src-elem 'self'; script-src 'self'", "script-src-elem 'self' 'nonce-n1'; script-src 'self' 'nonce-n1'"],
  // Only default-src: a script-src copies it, so styles, images… keep default-src's rule.
  ["default-src 'self'; img-src *", "default-src 'self'; img-src *; script-src 'self' 'nonce-n1'"],
  ["default-src 'none'", "default-src 'none'; script-src 'nonce-n1'"],
  // No rule on scripts at all: nothing to extend.
  ["frame-ancestors 'none'", "frame-ancestors 'none'"],
  ["script-src 'self'; require-trusted-types-for 'script'", "script-src 'self' 'nonce-n1'"],
  ["script-src 'self', default-src 'none'", "script-src 'self' 'nonce-n1', default-src 'none'; script-src 'nonce-n1'"],
  ["  SCRIPT-SRC   'self' ;; ", "SCRIPT-SRC 'self' 'nonce-n1'"],
])('behavior: %s', (header, expected) => {
  expect(allowInjectedScripts(header, 'n1')).toBe(expected)
})
