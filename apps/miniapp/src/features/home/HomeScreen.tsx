import { Avatar } from '../../components/Avatar.js'
import { MapPinIcon } from '../../components/icons/MapPinIcon.js'
import { useAuth } from '../auth/useAuth.js'
import { getDisplayName } from '../profile/getDisplayName.js'

/**
 * / (home): a greeting with the user's avatar and name, and the way into the
 * map. The finds summary, nearest drops and verification cards of the
 * product design mount below the greeting as those features land.
 *
 * @example
 * ```tsx
 * <HomeScreen />
 * ```
 */
export function HomeScreen() {
  const { user } = useAuth()
  if (!user) return null
  return (
    <section className="home">
      <div className="home-greeting">
        <Avatar pictureUrl={user.profilePictureUrl} size={48} />
        <div>
          <p className="home-hello">Hello,</p>
          <h1 className="home-name">{getDisplayName(user)}</h1>
        </div>
      </div>
      <a href="/map" className="card card-cta">
        <MapPinIcon size={28} />
        <span>
          <strong>Open the map</strong>
          <span className="card-sub">Find drops around you and collect them.</span>
        </span>
      </a>
    </section>
  )
}
