/**
 * The environment a setting is read from: `process.env` in the servers, a plain object in tests.
 * Not `NodeJS.ProcessEnv`, which Remix's globals (present wherever the storefront is type-checked
 * too) make require `NODE_ENV`.
 */
export type SettingsEnv = Readonly<Record<string, string | undefined>>
