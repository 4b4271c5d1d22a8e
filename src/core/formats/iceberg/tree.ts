/** Placeholder replaced below. */
import type { TreeNode, VersionSelector } from '../table-format.ts';
import type { IcebergTable } from './iceberg-table.ts';
export async function icebergTree(_t: IcebergTable, _v?: VersionSelector, _id?: string, _s?: AbortSignal): Promise<TreeNode[]> { return []; }
