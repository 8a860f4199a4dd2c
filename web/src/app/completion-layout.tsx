import { CompletionPage, MaterialsChecklist, YourDecision } from '../features/completion';
import { RecommendationsSection } from '../features/recommendations';
import { SignedInFrame } from './signed-in-frame';

export function Component() {
  return (
    <SignedInFrame>
      <CompletionPage
        materials={
          <>
            <YourDecision />
            <MaterialsChecklist />
            <RecommendationsSection place="status" />
          </>
        }
      />
    </SignedInFrame>
  );
}
