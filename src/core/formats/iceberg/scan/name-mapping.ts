/**
 * The table's name mapping (spec "Column Projection": `schema.name-mapping.default`), which gives field ids to the
 * columns of files written without them. Apart from file-projection.ts (Arrow) so that opening a table, which
 * parses it, loads no Arrow (issue 17).
 */

/** A name-mapping entry (spec "Name Mapping Serialization"). */
export interface NameMapping { readonly fieldId?: number; readonly names: readonly string[]; readonly fields?: readonly NameMapping[] }

/** Parses the `schema.name-mapping.default` table property; undefined when absent or invalid. */
export function parseNameMapping(text: string | undefined): NameMapping[] | undefined {
  if (!text) return undefined;
  try {
    const walk = (list: unknown): NameMapping[] => (list as Record<string, unknown>[]).map((m) => ({
      fieldId: typeof m['field-id'] === 'number' ? m['field-id'] : undefined,
      names: Array.isArray(m.names) ? (m.names as string[]) : [],
      fields: Array.isArray(m.fields) ? walk(m.fields) : undefined,
    }));
    return walk(JSON.parse(text));
  } catch {
    return undefined;
  }
}
