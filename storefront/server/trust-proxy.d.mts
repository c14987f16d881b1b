export function trustProxySetting(value?: string): false | string[]
