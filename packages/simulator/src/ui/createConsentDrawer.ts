import type { ConsentRequest } from '../host/createSimulator.js'

const TITLES: Record<string, string> = {
  verify: 'Verify with World ID',
  pay: 'Confirm payment',
  'wallet-auth': 'Sign in with World App',
  'send-transaction': 'Confirm transaction',
  'sign-message': 'Sign message',
  'sign-typed-data': 'Sign typed data',
  'share-contacts': 'Share contacts',
  'request-permission': 'Allow permission',
  share: 'Share',
}

const STYLE = `
:host{all:initial}
.backdrop{position:fixed;inset:0;background:rgba(0,0,0,.35);display:flex;align-items:flex-end;justify-content:center;z-index:2147483647;font:15px/1.4 -apple-system,system-ui,sans-serif}
.sheet{width:100%;max-width:480px;background:#fff;color:#111;border-radius:24px 24px 0 0;padding:20px 20px calc(20px + env(safe-area-inset-bottom));box-shadow:0 -8px 30px rgba(0,0,0,.2);animation:up .18s ease-out}
@keyframes up{from{transform:translateY(100%)}to{transform:none}}
.grab{width:36px;height:5px;border-radius:3px;background:#d4d4d8;margin:0 auto 14px}
h2{margin:0 0 4px;font-size:19px}
.tag{font-size:12px;color:#71717a;margin-bottom:12px}
pre{background:#f4f4f5;border-radius:12px;padding:10px;max-height:38vh;overflow:auto;font:12px/1.35 ui-monospace,monospace;white-space:pre-wrap;word-break:break-all}
.row{display:flex;gap:10px;margin-top:14px}
button{flex:1;border:0;border-radius:14px;padding:14px;font:600 16px system-ui;cursor:pointer}
.approve{background:#111;color:#fff}.reject{background:#f4f4f5;color:#111}`

/**
 * A World App-style bottom sheet that asks the person at the keyboard to
 * approve or reject each command (the simulator's interactive mode).
 *
 * @example
 * ```ts
 * createSimulator({ confirm: createConsentDrawer(window) })
 * ```
 */
export function createConsentDrawer(win: Window = globalThis.window): (request: ConsentRequest) => Promise<boolean> {
  let queue = Promise.resolve()
  return (request) => {
    // One sheet at a time, in arrival order, like the real app.
    const shown = queue.then(() => ask(win, request))
    queue = shown.then(() => undefined)
    return shown
  }
}

function ask(win: Window, { command, payload }: ConsentRequest): Promise<boolean> {
  const doc = win.document
  const host = doc.createElement('worldmap-simulator-sheet')
  const root = host.attachShadow({ mode: 'open' })
  const details = command === 'wallet-auth' ? String(payload.siweMessage) : JSON.stringify(payload, null, 2)
  root.innerHTML = `<style>${STYLE}</style><div class="backdrop" part="backdrop"><div class="sheet" role="dialog" aria-modal="true" aria-label="${
    TITLES[command] ?? command
  }"><div class="grab"></div><h2></h2><div class="tag">World App simulator · ${command}</div><pre></pre><div class="row"><button class="reject" type="button">Reject</button><button class="approve" type="button">Approve</button></div></div></div>`
  ;(root.querySelector('h2') as HTMLElement).textContent = TITLES[command] ?? command
  ;(root.querySelector('pre') as HTMLElement).textContent = details
  doc.body.append(host)
  return new Promise((resolve) => {
    const close = (approved: boolean) => {
      host.remove()
      resolve(approved)
    }
    root.querySelector('.approve')?.addEventListener('click', () => close(true))
    root.querySelector('.reject')?.addEventListener('click', () => close(false))
  })
}
