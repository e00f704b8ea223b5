import type { ConsentRequest } from '../host/createSimulator.js'
import { describeRequest, type SheetFile, type SheetModel } from './describeRequest.js'
import { trapFocus } from './trapFocus.js'

// Colours chosen for WCAG AA on white (secondary text #52525b is 7:1); every
// control is at least 44 px tall, World App's own tap target.
const STYLE = `
:host{all:initial}
.backdrop{position:fixed;inset:0;background:rgba(0,0,0,.45);display:flex;align-items:flex-end;justify-content:center;z-index:2147483647;font:15px/1.4 -apple-system,system-ui,sans-serif}
.sheet{box-sizing:border-box;width:100%;max-width:480px;max-height:92vh;display:flex;flex-direction:column;background:#fff;color:#111;border-radius:24px 24px 0 0;padding:12px 20px calc(16px + env(safe-area-inset-bottom));box-shadow:0 -8px 30px rgba(0,0,0,.25);animation:up .2s ease-out}
@keyframes up{from{transform:translateY(100%)}to{transform:none}}
@media (prefers-reduced-motion:reduce){.sheet{animation:none}}
.grab{width:36px;height:5px;border-radius:3px;background:#d4d4d8;margin:0 auto 12px;flex:none}
.body{overflow:auto;min-height:0}
h2{margin:0 0 4px;font-size:20px;line-height:1.25}
.lead{margin:0 0 4px;color:#3f3f46;overflow-wrap:anywhere}
.alert{margin:8px 0 10px;padding:10px 12px;border-radius:12px;background:#fef2f2;border:1px solid #fca5a5;color:#7f1d1d;font-weight:600;overflow-wrap:anywhere}
.field.warn dd{color:#991b1b;font-weight:700}
.tag{font-size:12px;color:#52525b;margin-bottom:10px}
dl{margin:0;border-top:1px solid #e4e4e7}
.field{display:flex;justify-content:space-between;gap:12px;padding:10px 0;border-bottom:1px solid #e4e4e7;min-height:24px;align-items:center}
dt{color:#52525b;flex:none;max-width:42%}
dd{margin:0;text-align:right;overflow-wrap:anywhere;min-width:0}
.mono{font:13px/1.35 ui-monospace,SFMono-Regular,Menlo,monospace}
.copy{all:unset;display:inline-block;box-sizing:border-box;max-width:100%;min-height:44px;padding:0 10px;border-radius:10px;background:#f4f4f5;color:#111;cursor:pointer;font:13px/44px ui-monospace,SFMono-Regular,Menlo,monospace}
.copy:focus-visible,button:focus-visible{outline:3px solid #2563eb;outline-offset:2px}
.block-label{margin:12px 0 4px;color:#52525b;font-size:13px}
pre{margin:0;background:#f4f4f5;border-radius:12px;padding:10px;max-height:30vh;overflow:auto;font:12px/1.4 ui-monospace,SFMono-Regular,Menlo,monospace;white-space:pre-wrap;overflow-wrap:anywhere}
.files{list-style:none;margin:10px 0 0;padding:0;display:grid;gap:8px}
.file{display:flex;gap:10px;align-items:center;background:#f4f4f5;border-radius:12px;padding:8px}
.thumb{width:48px;height:48px;border-radius:8px;object-fit:cover;background:#e4e4e7;flex:none}
.file-name{font-weight:600;overflow-wrap:anywhere}.file-meta{color:#52525b;font-size:13px}
.row{display:flex;gap:10px;margin-top:14px;flex:none}
.row button{flex:1;min-height:52px;border:0;border-radius:14px;padding:12px;font:600 16px system-ui;cursor:pointer}
.approve{background:#111;color:#fff}.reject{background:#e4e4e7;color:#111}
.status{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)}`

/**
 * A World App-style bottom sheet per command that asks the person at the
 * keyboard to approve or reject it (the simulator's interactive mode): the
 * sign-in sheet shows the app's domain and the signing address, pay shows
 * token units and the recipient, share previews what is shared, and so on.
 * Keyboard-usable: focus starts on the approve button, Tab stays in the
 * sheet, Escape rejects, focus returns where it was.
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

function ask(win: Window, request: ConsentRequest): Promise<boolean> {
  const doc = win.document
  const model = describeRequest(request)
  const host = doc.createElement('worldmap-simulator-sheet')
  host.dataset.command = request.command
  const root = host.attachShadow({ mode: 'open' })
  const objectUrls: string[] = []
  root.append(el(doc, 'style', '', STYLE), renderSheet(win, model, request.command, objectUrls))
  doc.body.append(host)
  const sheet = root.querySelector('.sheet') as HTMLElement
  return new Promise((resolve) => {
    let open = true
    const close = (approved: boolean) => {
      if (!open) return
      open = false
      release()
      host.remove()
      for (const url of objectUrls) URL.revokeObjectURL(url)
      resolve(approved)
    }
    const release = trapFocus(root, sheet, () => close(false))
    root.querySelector('.approve')?.addEventListener('click', () => close(true))
    root.querySelector('.reject')?.addEventListener('click', () => close(false))
    // A request carrying a warning (an unlimited approval) starts on Cancel: Enter must not approve it unread.
    ;(root.querySelector(model.warning ? '.reject' : '.approve') as HTMLElement).focus()
  })
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, className = '', text?: string) {
  const element = doc.createElement(tag)
  if (className) element.className = className
  if (text !== undefined) element.textContent = text
  return element
}

function renderSheet(win: Window, model: SheetModel, command: string, objectUrls: string[]): HTMLElement {
  const doc = win.document
  const backdrop = el(doc, 'div', 'backdrop')
  backdrop.setAttribute('part', 'backdrop')
  const sheet = el(doc, 'div', 'sheet')
  sheet.setAttribute('role', 'dialog')
  sheet.setAttribute('aria-modal', 'true')
  sheet.setAttribute('aria-labelledby', 'sheet-title')
  sheet.setAttribute('aria-describedby', 'sheet-lead')
  const title = el(doc, 'h2', '', model.title)
  title.id = 'sheet-title'
  const lead = el(doc, 'p', 'lead', model.lead)
  lead.id = 'sheet-lead'
  const body = el(doc, 'div', 'body')
  body.append(title, lead)
  if (model.warning) {
    const alert = el(doc, 'p', 'alert', `⚠ ${model.warning}`)
    alert.setAttribute('role', 'alert')
    body.append(alert)
  }
  body.append(el(doc, 'div', 'tag', `World App simulator · ${command}`))
  const status = el(doc, 'div', 'status')
  status.setAttribute('role', 'status')
  status.setAttribute('aria-live', 'polite')

  if (model.fields.length) {
    const list = el(doc, 'dl')
    for (const field of model.fields) {
      const row = el(doc, 'div', field.warning ? 'field warn' : 'field')
      const value = el(doc, 'dd', field.mono ? 'mono' : '')
      if (field.copy) {
        const button = el(doc, 'button', 'copy', field.value)
        button.type = 'button'
        button.title = field.copy
        button.setAttribute('aria-label', `${field.label}: ${field.copy}. Copy`)
        button.dataset.copy = field.copy
        button.addEventListener('click', () => {
          const full = field.copy as string
          void win.navigator.clipboard?.writeText(full).catch(() => {})
          status.textContent = `Copied ${full}`
        })
        value.append(button)
      } else value.textContent = field.value
      row.append(el(doc, 'dt', '', field.label), value)
      list.append(row)
    }
    body.append(list)
  }
  if (model.files?.length) body.append(renderFiles(win, model.files, objectUrls))
  if (model.block) {
    body.append(el(doc, 'div', 'block-label', model.block.label))
    const pre = el(doc, 'pre', '', model.block.text)
    // Scrollable text must be reachable by keyboard.
    pre.tabIndex = 0
    pre.setAttribute('aria-label', model.block.label)
    body.append(pre)
  }

  const row = el(doc, 'div', 'row')
  const reject = el(doc, 'button', 'reject', model.reject)
  const approve = el(doc, 'button', 'approve', model.approve)
  reject.type = 'button'
  approve.type = 'button'
  row.append(reject, approve)
  sheet.append(el(doc, 'div', 'grab'), body, row, status)
  backdrop.append(sheet)
  return backdrop
}

const size = (bytes: number) =>
  bytes < 1024 ? `${bytes} B` : bytes < 1024 ** 2 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1024 ** 2).toFixed(1)} MB`

function renderFiles(win: Window, files: SheetFile[], objectUrls: string[]): HTMLElement {
  const doc = win.document
  const list = el(doc, 'ul', 'files')
  list.setAttribute('aria-label', `${files.length} file${files.length === 1 ? '' : 's'}`)
  for (const file of files) {
    const item = el(doc, 'li', 'file')
    if (file.image) {
      const img = el(doc, 'img', 'thumb')
      img.alt = ''
      if (typeof file.image === 'string') img.src = file.image
      else if (typeof URL.createObjectURL === 'function') {
        img.src = URL.createObjectURL(file.image)
        objectUrls.push(img.src)
      }
      item.append(img)
    } else item.append(el(doc, 'div', 'thumb'))
    const text = el(doc, 'div')
    text.append(
      el(doc, 'div', 'file-name', file.name),
      el(doc, 'div', 'file-meta', `${file.type || 'unknown type'} · ${size(file.size)}`),
    )
    item.append(text)
    list.append(item)
  }
  return list
}
