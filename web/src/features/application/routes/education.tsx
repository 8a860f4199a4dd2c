import { FormPage } from '../components/FormPage';

export function Component() {
  return <FormPage id="education-ug" />;
}
