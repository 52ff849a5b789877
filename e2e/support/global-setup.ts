/** Runs once before the e2e suite. Later suites start their SMTP peer here. */
export default async function globalSetup() {}
