import { Link } from 'react-router-dom';
import { T } from '#web/lib/i18n';
import { paths } from '#web/lib/routes';

/** The forgot and reset cards' way back to Sign In, carrying any anonymous answers along. */
export function RememberedSignIn({ carry }: { carry: { studentAnswers?: Record<string, string> } }) {
  return (
    <p>
      <T id="forgot.remembered" components={[<Link to={paths.login} state={carry} />]} />
    </p>
  );
}
