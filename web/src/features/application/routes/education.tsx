import { FormPage } from '../components/FormPage';

export { loader } from './form-part';

export function Component() {
  return <FormPage id="education-ug" />;
}
