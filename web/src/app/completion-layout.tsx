import { CompletionPage, MaterialsChecklist, stageOf, useReleasedDecision, YourDecision } from '../features/completion';
import { RecommendationsSection } from '../features/recommendations';
import { SignedInFrame } from './signed-in-frame';

/** The status page: the materials and recommendations follow the released decision (nothing more is needed after a final one). */
function StatusPage() {
  const stage = stageOf(useReleasedDecision());
  return (
    <CompletionPage
      decision={<YourDecision />}
      materials={
        <>
          <MaterialsChecklist stage={stage} />
          <RecommendationsSection place="status" closed={stage === 'final'} />
        </>
      }
    />
  );
}

export function Component() {
  return (
    <SignedInFrame>
      <StatusPage />
    </SignedInFrame>
  );
}
