export function LandingPage() {
  return <main>Landing</main>;
}
export { LandingPage as Component };
