/** What each tab of a table its reader refused would show, per format, so the empty tab says honestly why. */
import type { TableFormatName } from '../../core/api/dto.ts';
import type { Translator } from '../common/messages.ts';
import type { Tab } from '../state/route.ts';

/** The note for a tab of a refused table, or null for tabs that still work (files, raw, overview). */
export function tabNote(tab: Tab, format: TableFormatName, { t }: Translator): string | null {
  const refused = t('ui.tabNote.refused');
  switch (tab) {
    case 'tree': return `${t('ui.tabNote.tree', { format })} ${refused}`;
    case 'partitions': return `${t('ui.tabNote.partitions')} ${refused}`;
    case 'schema': return `${t('ui.tabNote.schema')} ${refused}`;
    case 'data': return `${t('ui.tabNote.data')} ${refused}`;
    case 'health': return `${t('ui.tabNote.health')} ${refused}`;
    case 'query': return `${t('ui.tabNote.query')} ${refused}`;
    default: return null;
  }
}
