import { describe, expect, it } from 'vitest';
import { specLink } from './spec-links.ts';

describe('specLink', () => {
  it('points each Iceberg node kind at its section', () => {
    expect(specLink('iceberg', 'manifest').href).toBe('https://iceberg.apache.org/spec/#manifests');
    expect(specLink('iceberg', 'deletion-vector').href).toBe('https://iceberg.apache.org/spec/#deletion-vectors');
    expect(specLink('iceberg', 'lsm-level').href).toBe('https://iceberg.apache.org/spec/');
    expect(specLink('paimon', 'snapshot').href).toMatch(/spec\/snapshot\/$/);
    expect(specLink('delta', 'commit').label).toBe('Delta protocol');
  });
});
