import { type ReactNode, useState } from 'react'
import { Avatar } from '../../components/Avatar.js'
import { BackIcon } from '../../components/icons/BackIcon.js'
import { useT } from '../../lib/i18n/index.js'
import { useAuth } from '../auth/useAuth.js'
import { getDisplayAvatar, getDisplayName } from './getDisplayName.js'

/** Props of {@link ProfileScreen}. */
export interface ProfileScreenProps {
  /**
   * Sections rendered between the identity card and Sign out: the /profile
   * page mounts the World ID status (Verify) and the notification/contacts
   * permissions here.
   */
  sections?: ReactNode
}

/**
 * /profile: the signed-in user's avatar, name ({@link getDisplayName}: the
 * username, else the same "Explorer" in the player's language as everywhere), **Copy wallet address**
 * (the address goes to the clipboard, never on screen: players do not read
 * `0x…` strings), a link to the inventory and Sign out.
 *
 * @example
 * ```tsx
 * <ProfileScreen sections={<><VerificationSection /><PermissionsSection /></>} />
 * ```
 */
export function ProfileScreen({ sections }: ProfileScreenProps) {
  const t = useT()
  const { user, signOut } = useAuth()
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle')
  if (!user) return null

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(user.walletAddress)
      setCopied('copied')
    } catch {
      // Clipboard access can be refused by the webview; say so instead of pretending.
      setCopied('failed')
    }
  }

  return (
    <section className="profile">
      <a href="/" className="round-button profile-back" aria-label={t('layout.back')}>
        <BackIcon />
      </a>
      <div className="profile-card">
        <Avatar
          pictureUrl={getDisplayAvatar(user)}
          size={96}
          alt={t('profile.avatarAlt', { name: getDisplayName(user, t('profile.fallbackName')) })}
        />
        <h1 className="profile-name">{getDisplayName(user, t('profile.fallbackName'))}</h1>
        <button type="button" className="button button-secondary profile-copy" onClick={() => void copy()}>
          {copied === 'copied' ? t('profile.copied') : copied === 'failed' ? t('profile.copyFailed') : t('profile.copyWallet')}
        </button>
      </div>
      {sections}
      <a href="/inventory" className="list-link">
        {t('profile.inventory')}
      </a>
      <button type="button" className="button button-secondary" onClick={() => void signOut()}>
        {t('profile.signOut')}
      </button>
    </section>
  )
}
