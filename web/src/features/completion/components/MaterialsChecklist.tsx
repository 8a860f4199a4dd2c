import { Spinner } from '#web/components/Spinner';
import { dayInWords } from '#web/lib/day-in-words';
import { useChecklist, type ChecklistItem } from '../api/checklist-api';
import type { DecisionStage } from '../api/decision-api';
import { SupplementUpload } from './SupplementUpload';

/** An item's state; what is still awaited says, once a decision is released, whether it is still needed. */
function stateText(item: ChecklistItem, stage: DecisionStage): string {
  if (item.state === 'received') return item.receivedAt ? `Received ${dayInWords(item.receivedAt)}` : 'Received';
  if (item.state === 'waived') return 'Waived by the admissions office';
  if (item.state !== 'awaiting') return 'Not required';
  return stage === 'final' ? 'No longer needed' : stage === 'open' ? 'Still needed' : 'Awaiting';
}

/**
 * The institution's materials, each received (with its date), waived, awaited or not required; accepted
 * ones can still be added until a final decision is released (then nothing more is needed).
 */
export function MaterialsChecklist({ stage = 'pending' }: { stage?: DecisionStage }) {
  const { data, error } = useChecklist();
  return (
    <section className="materials" aria-labelledby="materials-title">
      <h2 id="materials-title">Your materials</h2>
      {!data && !error && <Spinner label="Loading your materials" />}
      {error && <p role="alert">We could not load your materials. Please reload the page to try again.</p>}
      {data && (
        <ul className="materials__list">
          {data.items.map((item) => (
            <li key={item.id} className={`materials__item materials__item--${item.state}`}>
              <div className="materials__head">
                <h3 className="materials__label">{item.label}</h3>
                <span className="materials__state">{stateText(item, stage)}</span>
              </div>
              {item.state === 'received' && item.fileName && <p className="materials__file">{item.fileName}</p>}
              {item.note && stage !== 'final' && item.state !== 'waived' && <p className="materials__note">{item.note}</p>}
              {item.uploadKey && item.state !== 'received' && stage !== 'final' && <SupplementUpload item={{ ...item, uploadKey: item.uploadKey }} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
