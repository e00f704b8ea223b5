import { useState } from 'react'
import { useT } from '../lib/i18n/index.js'
import { PersonIcon } from './icons/PersonIcon.js'

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** The user's `profilePictureUrl`; a person icon when absent. */
  pictureUrl: string | null | undefined
  /** Pixel size of the round avatar. */
  size?: number
  /** Accessible name of the picture; "Your avatar" in the page's language by default. */
  alt?: string
}

/**
 * A round avatar: the profile picture if there is one, otherwise a generic
 * person icon (spec §2). A picture that does not load (offline, or a host
 * the CSP's `img-src` does not allow: avatars load only from the configured
 * avatar origins) also falls back to the icon, never a broken image.
 *
 * @example
 * ```tsx
 * <Avatar pictureUrl={user.profilePictureUrl} size={40} />
 * ```
 */
export function Avatar({ pictureUrl, size = 36, alt }: AvatarProps) {
  const t = useT()
  // The URL that failed, not a flag: a new picture gets its own try.
  const [failed, setFailed] = useState<string | null>(null)
  return (
    <span className="avatar" style={{ width: size, height: size }}>
      {pictureUrl && failed !== pictureUrl ? (
        <img
          src={pictureUrl}
          alt={alt ?? t('common.yourAvatar')}
          width={size}
          height={size}
          referrerPolicy="no-referrer"
          onError={() => setFailed(pictureUrl)}
        />
      ) : (
        <PersonIcon size={Math.round(size * 0.6)} />
      )}
    </span>
  )
}
