import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { SchemaDto } from '../../core/api/table-dto.ts';
import { zh } from '../../core/messages/zh.ts';
import { MessagesContext } from '../common/messages.ts';
import { RowsForm } from './rows-form.tsx';

/** A Delta table's schema (dv-partitioned-with-checkpoint): no key columns. */
const delta: SchemaDto = {
  schemaId: '0', isCurrent: true, identifierFieldIds: [],
  columns: [{ id: 1, name: 'part', type: 'integer', required: false }, { id: 2, name: 'col1', type: 'integer', required: false }],
};
/** A Paimon primary-key schema: f0 is the key. */
const paimon: SchemaDto = { ...delta, identifierFieldIds: [1] };

const text = (schema: SchemaDto, lang?: typeof zh) => {
  const form = <RowsForm kind="append" rowsInput="rows" schema={schema} onPreview={() => {}} onCancel={() => {}} />;
  return renderToStaticMarkup(lang ? <MessagesContext.Provider value={lang}>{form}</MessagesContext.Provider> : form).replace(/<[^>]+>/g, ' ');
};

describe('the row form\'s introduction', () => {
  it('speaks of key columns and buckets only for a table with keys, in both languages', () => {
    expect(text(paimon)).toContain('Key columns are marked');
    expect(text(paimon, zh)).toContain('主键列已标出');
    expect(text(delta)).not.toMatch(/Key columns|bucket/);
    expect(text(delta)).toContain('The next step previews the files to write');
    expect(text(delta, zh)).not.toMatch(/主键|桶/);
    expect(text(delta, zh)).toContain('下一步会预览将要写入的文件');
  });
});
