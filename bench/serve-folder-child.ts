/**
 * bench/serve-folder.ts in a child process, so the server's work is not on the measured client's event
 * loop (a real server is another machine). The parent forks this file with `--import tsx`; it answers
 * with `{ url }` over IPC and exits when the parent disconnects.
 */
import { fork } from 'node:child_process';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { serveFolder } from './serve-folder.ts';

/** Serves `root` from a child process (on `port`, default a free one); `close()` ends it. */
export async function serveFolderInChild(root: string, port = 0): Promise<{ url: string; close(): Promise<void> }> {
  const child = fork(resolve(import.meta.dirname, 'serve-folder-child.ts'), [root, String(port)], { execArgv: ['--import', 'tsx'], stdio: 'inherit' });
  const url = await new Promise<string>((ok, fail) => {
    child.once('message', (m) => ok((m as { url: string }).url));
    child.once('exit', (code) => fail(new Error(`serve-folder-child exited with ${code} before serving`)));
  });
  return { url, close: () => new Promise<void>((ok) => { child.once('exit', () => ok()); child.kill(); }) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href && process.send) {
  const served = await serveFolder(process.argv[2]!, Number(process.argv[3] ?? 0));
  process.send({ url: served.url });
  process.on('disconnect', () => void served.close().then(() => process.exit(0)));
}
