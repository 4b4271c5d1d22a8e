/** The header's language switch: English / 中文, the current one pressed. */
import { LANGUAGES, LANGUAGE_NAMES, useLanguage } from './language.ts';
import { useMessages } from './messages.ts';

export function LanguageSwitch() {
  const { language, setLanguage } = useLanguage();
  const { t } = useMessages();
  return (
    <div className="segmented small lang-switch" role="group" aria-label={t('ui.language.label')} data-testid="language-switch">
      {LANGUAGES.map((l) => (
        <button key={l} type="button" lang={l} aria-pressed={language === l} className={language === l ? 'active' : ''} onClick={() => setLanguage(l)}>
          {LANGUAGE_NAMES[l]}
        </button>
      ))}
    </div>
  );
}
