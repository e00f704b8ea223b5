import { useEffect, useRef, useState } from 'react'
import { useT } from '../../lib/i18n/index.js'
import { dropName } from '../art/dropNames.js'
import type { ShareCardFind } from './createShareCard.js'

/** Props of {@link SharePreview}. */
export interface SharePreviewProps {
  find: ShareCardFind
  /** The card, as it will be sent. */
  card: File
  /** Sending: both buttons wait. */
  busy: boolean
  onShare: () => void
  onCancel: () => void
}

/**
 * The share card as it will be sent, before the host's share sheet opens,
 * with **Share** and **Cancel**. The image is shown through an object URL,
 * revoked when the preview closes.
 *
 * @example
 * ```tsx
 * <SharePreview find={find} card={file} busy={false} onShare={send} onCancel={close} />
 * ```
 */
export function SharePreview({ find, card, busy, onShare, onCancel }: SharePreviewProps) {
  const t = useT()
  const [url, setUrl] = useState<string | null>(null)
  const shareRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    const objectUrl = URL.createObjectURL(card)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [card])

  useEffect(() => {
    shareRef.current?.focus()
  }, [])

  return (
    <div className="share-preview">
      <h3 className="share-preview-title">{t('inventory.sharePreviewTitle')}</h3>
      <div className="share-preview-frame">
        {url && (
          <img
            className="share-preview-image"
            src={url}
            alt={t('inventory.sharePicture', { name: dropName(t, find), count: find.count })}
          />
        )}
      </div>
      <div className="share-preview-actions">
        <button type="button" className="button button-secondary" disabled={busy} onClick={onCancel}>
          {t('inventory.cancel')}
        </button>
        <button ref={shareRef} type="button" className="button button-primary" disabled={busy} aria-busy={busy} onClick={onShare}>
          {t('inventory.share')}
        </button>
      </div>
    </div>
  )
}
