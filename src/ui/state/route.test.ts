import { describe, expect, it } from 'vitest';
import { connectionLocation, type S3Connection } from '../../worker/connection.ts';
import { parseRoute, routeToSearch } from './route.ts';

describe('route', () => {
  it('round-trips warehouse, table and tab', () => {
    const r = { w: 'demo' as const, loc: {}, table: 'sales/orders/', tab: 'files' as const };
    expect(routeToSearch(r)).toBe('?w=demo&t=sales%2Forders%2F&tab=files');
    expect(parseRoute(routeToSearch(r))).toEqual(r);
    expect(parseRoute('?w=url&url=https%3A%2F%2Fx%2Fy&f=a%2F')).toEqual({ w: 'url', loc: { url: 'https://x/y' }, folder: 'a/', tab: 'overview' });
  });

  it('carries the selected version of a table', () => {
    const r = { w: 'demo' as const, loc: {}, table: 't/', tab: 'tree' as const, version: '7505300640432048841' };
    expect(routeToSearch(r)).toBe('?w=demo&t=t%2F&tab=tree&v=7505300640432048841');
    expect(parseRoute(routeToSearch(r))).toEqual(r);
    expect(parseRoute('?w=demo&v=1')).toEqual({ w: 'demo', loc: {}, tab: 'overview' });
  });

  it('carries the Data tab filter and chosen columns (any characters, order kept)', () => {
    const r = { w: 'demo' as const, loc: {}, table: 'sales/orders/', tab: 'data' as const, version: '42', where: "region = 'eu' and id > 10", cols: ['id', 'a,b', 'région'] };
    const search = routeToSearch(r);
    expect(search).toBe('?w=demo&t=sales%2Forders%2F&tab=data&v=42&where=region+%3D+%27eu%27+and+id+%3E+10&col=id&col=a%2Cb&col=r%C3%A9gion');
    expect(parseRoute(search)).toEqual(r);
    // No filter and all columns leave the URL as it was; neither applies without a table.
    expect(routeToSearch({ ...r, where: '', cols: [] })).toBe('?w=demo&t=sales%2Forders%2F&tab=data&v=42');
    expect(parseRoute('?w=demo&where=x&col=a')).toEqual({ w: 'demo', loc: {}, tab: 'overview' });
  });

  it('carries a diff of two versions and its row filters (the deep link reopens it)', () => {
    const r = { w: 'demo' as const, loc: {}, table: 'sales/orders/', tab: 'overview' as const, diff: { from: '1', to: 'audit', kind: 'changed' as const, partition: 'region=eu', column: 'amount' } };
    const search = routeToSearch(r);
    expect(search).toBe('?w=demo&t=sales%2Forders%2F&da=1&db=audit&dk=changed&dp=region%3Deu&dc=amount');
    expect(parseRoute(search)).toEqual(r);
    // '' is the partition of an unpartitioned table: kept, unlike a missing filter.
    const unpartitioned = { ...r, diff: { from: '1', to: '2', partition: '' } };
    expect(parseRoute(routeToSearch(unpartitioned))).toEqual(unpartitioned);
    // Both ends are needed, a table too; an unknown kind is dropped.
    expect(parseRoute('?w=demo&t=x%2F&da=1')).toEqual({ w: 'demo', loc: {}, table: 'x/', tab: 'overview' });
    expect(parseRoute('?w=demo&da=1&db=2')).toEqual({ w: 'demo', loc: {}, tab: 'overview' });
    expect(parseRoute('?w=demo&t=x%2F&da=1&db=2&dk=evil').diff).toEqual({ from: '1', to: '2' });
  });

  it('carries the Query tab and its SQL (any characters, newlines kept; only with a table)', () => {
    const sql = 'SELECT day, count(*) AS n\nFROM t FOR TIMESTAMP AS OF \'2024-03-01T00:00:00Z\'\nWHERE "a&b" = \'x=1#\' GROUP BY day';
    const r = { w: 'demo' as const, loc: {}, table: 'sales/orders/', tab: 'query' as const, sql };
    const search = routeToSearch(r);
    expect(search.startsWith('?w=demo&t=sales%2Forders%2F&tab=query&sql=')).toBe(true);
    expect(parseRoute(search)).toEqual(r);
    expect(routeToSearch({ ...r, sql: '' })).toBe('?w=demo&t=sales%2Forders%2F&tab=query');
    expect(parseRoute('?w=demo&sql=SELECT+1')).toEqual({ w: 'demo', loc: {}, tab: 'overview' });
  });

  it('carries the warehouse’s own Query tab and its SQL (no table, no folder)', () => {
    const r = { w: 'demo' as const, loc: {}, tab: 'query' as const, sql: 'SELECT * FROM "sales/orders" LIMIT 5' };
    const search = routeToSearch(r);
    expect(search).toBe('?w=demo&tab=query&sql=SELECT+*+FROM+%22sales%2Forders%22+LIMIT+5');
    expect(parseRoute(search)).toEqual(r);
    // A folder page has no Query tab: neither the tab nor the SQL is written or read there.
    expect(routeToSearch({ ...r, folder: 'sales/' })).toBe('?w=demo&f=sales%2F');
    expect(parseRoute('?w=demo&f=sales%2F&tab=query&sql=x').sql).toBeUndefined();
  });

  it('carries the key columns picked for the row diff, one parameter each (a name may hold a comma)', () => {
    const r = { w: 'demo' as const, loc: {}, table: 'logistics/shipments/', tab: 'overview' as const, diff: { from: '6', to: '7', kind: 'changed' as const, key: ['shipment_id', 'a,b'] } };
    const search = routeToSearch(r);
    expect(search).toBe('?w=demo&t=logistics%2Fshipments%2F&da=6&db=7&dk=changed&dkey=shipment_id&dkey=a%2Cb');
    expect(parseRoute(search)).toEqual(r);
    // No key picked (or only empty names): the table's own key applies, and the URL says nothing.
    expect(routeToSearch({ ...r, diff: { from: '6', to: '7', key: [] } })).toBe('?w=demo&t=logistics%2Fshipments%2F&da=6&db=7');
    expect(parseRoute('?w=demo&t=x%2F&da=1&db=2&dkey=').diff).toEqual({ from: '1', to: '2' });
  });

  it('carries the change-log mode of the diff page; an unknown mode is dropped', () => {
    const r = { w: 'demo' as const, loc: {}, table: 'logistics/shipments/', tab: 'overview' as const, diff: { from: '5', to: '7', mode: 'changes' as const, kind: 'removed' as const } };
    const search = routeToSearch(r);
    expect(search).toBe('?w=demo&t=logistics%2Fshipments%2F&da=5&db=7&dm=changes&dk=removed');
    expect(parseRoute(search)).toEqual(r);
    expect(parseRoute('?w=demo&t=x%2F&da=1&db=2&dm=evil').diff).toEqual({ from: '1', to: '2' });
  });

  it('ignores unknown kinds and tabs', () => {
    expect(parseRoute('?w=ftp&tab=evil')).toEqual({ loc: {}, tab: 'overview' });
    expect(routeToSearch({ loc: {}, tab: 'overview' })).toBe('');
  });

  it('never carries S3 keys, tokens or presigned signatures', () => {
    const s3: S3Connection = {
      kind: 's3', endpoint: 'http://127.0.0.1:7480', region: 'us-east-1', bucket: 'lake', prefix: 'wh/',
      accessKeyId: 'AKIAEXAMPLEKEY', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG', sessionToken: 'FwoGZXIvYXdzEXAMPLE', pathStyle: true,
    };
    const search = routeToSearch({ w: 's3', loc: connectionLocation(s3) ?? {}, table: 'wh/t/', tab: 'schema' });
    expect(search).toContain('bucket=lake');
    for (const secret of ['AKIAEXAMPLEKEY', 'wJalrXUtnFEMI', 'FwoGZXIvYXdzEXAMPLE']) expect(search).not.toContain(encodeURIComponent(secret).slice(0, 10));
    const presigned = routeToSearch({ w: 'url', loc: { url: 'https://b.s3.amazonaws.com/k?X-Amz-Signature=abc' }, tab: 'overview' });
    expect(presigned).not.toContain('Signature');
  });
});
