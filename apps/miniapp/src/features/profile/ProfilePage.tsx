import { useAuth } from '../auth/useAuth.js'
import { LanguageSection } from '../language/LanguageSection.js'
import { PermissionsSection } from '../permissions/PermissionsSection.js'
import { VerificationSection } from '../verification/VerificationSection.js'
import { ProfileScreen } from './ProfileScreen.js'

/** The profile page: the profile with its verification, notifications and language sections. */
export function ProfilePage() {
  const { user } = useAuth()
  return (
    <ProfileScreen
      sections={
        <>
          <VerificationSection />
          <PermissionsSection {...(user ? { uid: user.uid } : {})} />
          <LanguageSection />
        </>
      }
    />
  )
}
