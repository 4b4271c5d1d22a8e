/**
 * The message the engine worker posts once its script has run (engine-worker.ts), before any answer. It
 * is not an RPC message (rpc.ts ignores it); the page's entry waits for it (client.ts `engineStarted`).
 */
export const ENGINE_READY = { lakescope: 'engine-ready' } as const;

/**
 * The message the engine worker posts when the first message from the page reaches it. Chromium hands a
 * module worker the messages the page posted before its script ran only once that script has run, and it
 * does so from the page's main thread: a long task there in between (evaluating the UI's chunk, 100–400 ms)
 * held a deep link's first call back by that long (issue 17). The entry loads the UI after this one.
 */
export const ENGINE_RECEIVED = { lakescope: 'engine-received' } as const;
