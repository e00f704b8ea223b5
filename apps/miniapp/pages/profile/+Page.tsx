import { LazyScreen, lazyScreen } from '../../src/components/lazyScreen.js'

const ProfilePage = lazyScreen(() => import('../../src/features/profile/ProfilePage.js').then((m) => m.ProfilePage))

export default function Page() {
  return <LazyScreen screen={ProfilePage} />
}
