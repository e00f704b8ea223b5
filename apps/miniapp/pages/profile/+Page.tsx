import { PermissionsSection } from '../../src/features/permissions/PermissionsSection.js'
import { ProfileScreen } from '../../src/features/profile/ProfileScreen.js'
import { VerificationSection } from '../../src/features/verification/VerificationSection.js'

export default function Page() {
  return (
    <ProfileScreen
      sections={
        <>
          <VerificationSection />
          <PermissionsSection />
        </>
      }
    />
  )
}
