// @vitest-environment node
import { renderToString } from 'react-dom/server'
import { expect, test } from 'vitest'
import {
  MiniKitProvider,
  Supports,
  useMiniKit,
  useSafeAreaInsets,
  useSupports,
  useUser,
  useWaitForTransactionReceipt,
  useWalletAuth,
} from './exports/index.js'

function Page() {
  const { isInstalled, installResult, appId } = useMiniKit()
  const user = useUser()
  const insets = useSafeAreaInsets()
  const canPay = useSupports('pay')
  const { status } = useWalletAuth()
  const receipt = useWaitForTransactionReceipt({ hash: `0x${'1'.repeat(64)}` })
  return (
    <main>
      {JSON.stringify({
        isInstalled,
        installResult: installResult ?? null,
        appId,
        user,
        insets,
        canPay,
        status,
        receipt: receipt.status,
      })}
      <Supports command="pay" fallback={<span>no pay</span>}>
        <span>pay</span>
      </Supports>
    </main>
  )
}

test('default: renders on the server with no window, not installed, without throwing', () => {
  expect(typeof window).toBe('undefined')
  const html = renderToString(
    <MiniKitProvider appId="app_ssr">
      <Page />
    </MiniKitProvider>,
  )
  expect(html).toBe(
    `<main>${JSON.stringify({
      isInstalled: false,
      installResult: null,
      appId: 'app_ssr',
      user: {},
      insets: { top: 0, right: 0, bottom: 0, left: 0 },
      canPay: false,
      status: 'idle',
      receipt: 'pending',
    }).replaceAll('"', '&quot;')}<span>no pay</span></main>`,
  )
})

test('behavior: renders children as they are', () => {
  expect(renderToString(<MiniKitProvider>hello</MiniKitProvider>)).toBe('hello')
})
