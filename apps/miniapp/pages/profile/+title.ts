export default 'Profile · WorldMap'
