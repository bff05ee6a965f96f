export default async function globalTeardown() {
  for (const stop of globalThis.__testServers ?? []) await stop();
}
