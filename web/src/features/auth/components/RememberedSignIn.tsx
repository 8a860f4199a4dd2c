import { Link } from 'react-router-dom';
import { paths } from '#web/lib/routes';

/** The forgot and reset cards' way back to Sign In, carrying any anonymous answers along. */
export function RememberedSignIn({ carry }: { carry: { studentAnswers?: Record<string, string> } }) {
  return (
    <p>
      Remembered it?{' '}
      <Link to={paths.login} state={carry}>
        Sign In
      </Link>
    </p>
  );
}
