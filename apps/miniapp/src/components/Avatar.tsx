import { PersonIcon } from './icons/PersonIcon.js'

/** Props of {@link Avatar}. */
export interface AvatarProps {
  /** The user's `profilePictureUrl`; a person icon when absent. */
  pictureUrl: string | null | undefined
  /** Pixel size of the round avatar. */
  size?: number
  /** Accessible name of the picture. */
  alt?: string
}

/**
 * A round avatar: the profile picture if there is one, otherwise a generic
 * person icon (spec §2).
 *
 * @example
 * ```tsx
 * <Avatar pictureUrl={user.profilePictureUrl} size={40} />
 * ```
 */
export function Avatar({ pictureUrl, size = 36, alt = 'Your avatar' }: AvatarProps) {
  return (
    <span className="avatar" style={{ width: size, height: size }}>
      {pictureUrl ? (
        <img src={pictureUrl} alt={alt} width={size} height={size} referrerPolicy="no-referrer" />
      ) : (
        <PersonIcon size={Math.round(size * 0.6)} />
      )}
    </span>
  )
}
