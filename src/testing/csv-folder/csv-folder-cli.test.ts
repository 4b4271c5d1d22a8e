/**
 * A format defined only in this folder plugs into the CLI at one place: handed to `main` as one more
 * registry entry, a csv-folder table answers `info`, `versions`, `scan` and `files --explain`; without
 * the entry the same folder is no table.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runMain } from '../../cli/run-main.test-support.ts';
import { CLI_FORMATS } from '../../cli/open-table.ts';
import { csvFolderFormat } from './csv-folder-format.ts';

const root = mkdtempSync(join(tmpdir(), 'lakescope-csv-folder-'));
mkdirSync(join(root, 'csv-versions'));
writeFileSync(join(root, 'csv-versions', '1-1700000000000.csv'), 'id,name\n1,ada\n2,bob\n');
const v2 = 'id,name\n1,ada\n2,bob\n3,cy\n';
writeFileSync(join(root, 'csv-versions', '2-1700000060000.csv'), v2);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const formats = [...CLI_FORMATS, csvFolderFormat];
const run = (argv: string[], withCsv = true) => runMain(argv, withCsv ? { formats } : {});

describe('a test-only format handed to the CLI as one more registry entry', () => {
  it('info --json names the format, the current version and the columns', async () => {
    const r = await run(['info', root, '--json']);
    expect(r.err).toBe('');
    const info = JSON.parse(r.out);
    expect(info.format).toBe('csv-folder');
    expect(info.currentVersion).toBe('2');
    expect(info.columns.map((c: { name: string }) => c.name)).toEqual(['id', 'name']);
  });

  it('versions --json lists both versions, oldest first, the newest current', async () => {
    const r = await run(['versions', root, '--json']);
    expect(r.err).toBe('');
    const vs = JSON.parse(r.out) as { id: string; timestampMs: number; isCurrent: boolean }[];
    expect(vs.map((v) => [v.id, v.timestampMs, v.isCurrent])).toEqual([['1', 1700000000000, false], ['2', 1700000060000, true]]);
  });

  it('scan reads the current version, time-travels by --version and --as-of, projects --columns', async () => {
    expect(JSON.parse((await run(['scan', root, '--format', 'json'])).out)).toEqual([
      { id: '1', name: 'ada' }, { id: '2', name: 'bob' }, { id: '3', name: 'cy' },
    ]);
    expect((await run(['scan', root, '--version', '1', '--format', 'canonical'])).out).toBe('[{"id":"1","name":"ada"},{"id":"2","name":"bob"}]\n');
    expect(JSON.parse((await run(['scan', root, '--as-of', '1700000000000', '--format', 'json'])).out)).toHaveLength(2);
    expect(JSON.parse((await run(['scan', root, '--columns', 'name', '--format', 'json'])).out)).toEqual([{ name: 'ada' }, { name: 'bob' }, { name: 'cy' }]);
  });

  it('files --explain shows the file read and the versions skipped, with counts', async () => {
    const r = await run(['files', root, '--explain']);
    expect(r.err).toBe('');
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/^version 2: 1 data file to read/);
    expect(r.out).toContain('[version] csv-file csv-versions/1-1700000000000.csv: another version (1)');
    expect(r.out).toMatch(/files: total 2, matched 1, skipped 1/);
    const json = JSON.parse((await run(['files', root, '--explain', '--json'])).out);
    // The plan's files are what the CLI prints (tasks stay opaque to it).
    expect(json.tasks).toBeUndefined();
    expect(json.files.map((f: { key: string; bytes: string; content: string }) => [f.key, f.bytes, f.content])).toEqual([['csv-versions/2-1700000060000.csv', String(v2.length), 'data']]);
  });

  it('without the entry, the same folder is no table the CLI can open', async () => {
    const r = await run(['info', root], false);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/NotFound/);
  });
});
