import { ReviewPage } from '../review/ReviewPage';

export function Component() {
  return <ReviewPage />;
}
