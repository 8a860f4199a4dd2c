import { ReviewPage } from '../review/ReviewPage';

export { loader } from './form-part';

export function Component() {
  return <ReviewPage />;
}
