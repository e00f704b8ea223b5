import { LanguageSection } from '../language/LanguageSection.js'
import { PermissionsSection } from '../permissions/PermissionsSection.js'
import { VerificationSection } from '../verification/VerificationSection.js'
import { ProfileScreen } from './ProfileScreen.js'

/** The profile page: the profile with its verification, notifications and language sections. */
export function ProfilePage() {
  return (
    <ProfileScreen
      sections={
        <>
          <VerificationSection />
          <PermissionsSection />
          <LanguageSection />
        </>
      }
    />
  )
}
