/**
 * The table in its format's own terms on the Overview (LakeTable.facts): Paimon's primary key, buckets,
 * merge engine and deletion vectors; Delta's protocol and features; Hudi's table type and record key.
 * A value the table does not set is marked as the format's default; hovering names the option.
 */
import type { TableFormatName } from '../../core/api/dto.ts';
import type { TableFactDto } from '../../core/api/table-dto.ts';
import { useMessages } from '../common/messages.ts';
import { InlineText } from '../common/safe-text-view.tsx';

export function FormatFacts({ format, facts }: { format: TableFormatName; facts: readonly TableFactDto[] }) {
  const { t, ref } = useMessages();
  if (facts.length === 0) return null;
  return (
    <section aria-label={t('ui.facts.label', { format })}>
      <h2 className="section-title">{t('ui.facts.title', { format })}</h2>
      <dl className="facts format-facts" data-testid="format-facts">
        {facts.map((f) => (
          <div key={f.id} title={f.option ? t('ui.facts.option', { option: f.option }) : undefined}>
            <dt>{ref(f.label)}</dt>
            <dd className="mono"><InlineText text={f.valueMessage ? ref(f.valueMessage) : String(f.value)} max={300} />{f.isDefault && <span className="muted small"> · {t('ui.facts.default')}</span>}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
