import { RecommendationsSection } from '../../recommendations';
import { FormPage } from '../components/FormPage';

export { loader } from './form-part';

export function Component() {
  return (
    <FormPage id="final-steps">
      <RecommendationsSection place="form" />
    </FormPage>
  );
}
