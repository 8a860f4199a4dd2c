import { useLocation } from 'react-router-dom';
import { carriedAnswers } from '#web/lib/answers';

/** Navigation state to pass on so anonymous answers survive the whole sign-up journey. */
export function useCarry(): { studentAnswers?: Record<string, string> } {
  const location = useLocation();
  const studentAnswers = carriedAnswers(location.state);
  return studentAnswers ? { studentAnswers } : {};
}
