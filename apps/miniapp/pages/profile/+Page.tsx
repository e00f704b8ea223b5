import { ProfileScreen } from '../../src/features/profile/ProfileScreen.js'

export default function Page() {
  return <ProfileScreen />
}
