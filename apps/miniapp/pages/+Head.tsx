// Global <head> additions. The title and lang come from +config.ts (vike-react).
export default function Head() {
  return (
    <>
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover, user-scalable=no" />
      <meta name="theme-color" content="#ffffff" />
      <link rel="icon" href="data:," />
    </>
  )
}
