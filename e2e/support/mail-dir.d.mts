/** Where the e2e SMTP peer drops each message it receives. */
export function e2eMailDir(port?: string): string;
export function e2eDataDir(port?: string): string;
