// @vitest-environment node
// The official-shaped entry renders on the server: no window, no install,
// `isInstalled` undefined (as official 2.0.3's provider renders it there).
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import { MiniKitProvider, useMiniKit } from '../exports/minikitProvider.js'

function Page() {
  const { isInstalled } = useMiniKit()
  return <main>{String(isInstalled)}</main>
}

test('default: renders on the server with no window, isInstalled undefined, without throwing', () => {
  expect(typeof window).toBe('undefined')
  const html = renderToString(
    <MiniKitProvider props={{ appId: 'app_ssr' }}>
      <Page />
    </MiniKitProvider>,
  )
  expect(html).toBe('<main>undefined</main>')
})

test('behavior: renders children as they are, with or without props', () => {
  expect(renderToString(<MiniKitProvider>hello</MiniKitProvider>)).toBe('hello')
  expect(renderToString(<MiniKitProvider props={{ wagmiConfig: {} }}>hello</MiniKitProvider>)).toBe('hello')
})
