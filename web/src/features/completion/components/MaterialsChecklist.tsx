import { Spinner } from '#web/components/Spinner';
import { dayInWords } from '#web/lib/dates';
import { translate, useInstitutionText, useT } from '#web/lib/i18n';
import { useChecklist, type ChecklistItem } from '../api/checklist-api';
import type { DecisionStage } from '../api/decision-api';
import { SupplementUpload } from './SupplementUpload';

/** An item's state; what is still awaited says, once a decision is released, whether it is still needed. */
function stateText(item: ChecklistItem, stage: DecisionStage): string {
  if (item.state === 'received')
    return item.receivedAt ? translate('status.materials.receivedOn', { day: dayInWords(item.receivedAt) }) : translate('status.materials.received');
  if (item.state === 'waived') return translate('status.materials.waived');
  if (item.state !== 'awaiting') return translate('status.materials.notRequired');
  return translate(stage === 'final' ? 'status.materials.noLongerNeeded' : stage === 'open' ? 'status.materials.stillNeeded' : 'status.materials.awaiting');
}

/**
 * The institution's materials, each received (with its date), waived, awaited or not required; accepted
 * ones can still be added until a final decision is released (then nothing more is needed).
 */
export function MaterialsChecklist({ stage = 'pending' }: { stage?: DecisionStage }) {
  const t = useT();
  const it = useInstitutionText();
  const { data, error } = useChecklist();
  return (
    <section className="materials" aria-labelledby="materials-title">
      <h2 id="materials-title">{t('status.materials.title')}</h2>
      {!data && !error && <Spinner label={t('status.materials.loading')} />}
      {error && <p role="alert">{t('status.materials.loadFailed')}</p>}
      {data && (
        <ul className="materials__list">
          {data.items.map((item) => (
            <li key={item.id} className={`materials__item materials__item--${item.state}`}>
              <div className="materials__head">
                <h3 className="materials__label">{it(item.label)}</h3>
                <span className="materials__state">{stateText(item, stage)}</span>
              </div>
              {item.state === 'received' && item.fileName && <p className="materials__file">{item.fileName}</p>}
              {item.note && stage !== 'final' && item.state !== 'waived' && <p className="materials__note">{it(item.note)}</p>}
              {item.uploadKey && item.state !== 'received' && stage !== 'final' && <SupplementUpload item={{ ...item, uploadKey: item.uploadKey }} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
