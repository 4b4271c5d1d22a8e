/**
 * The message the engine worker posts once its script has run (engine-worker.ts), before any answer. It
 * is not an RPC message (rpc.ts ignores it); the page's entry waits for it (client.ts `engineStarted`).
 */
export const ENGINE_READY = { lakescope: 'engine-ready' } as const;
