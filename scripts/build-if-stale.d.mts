export function buildIfStale(env?: NodeJS.ProcessEnv): string;
