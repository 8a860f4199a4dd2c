import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { FullScreenSpinner } from '../components/Spinner';

/** A quick page change (a cached chunk and profile) should not flash the spinner at all. */
export const SPINNER_DELAY_MS = 150;

/**
 * The spec's full-screen spinner while the router loads another page: its lazy chunk, or its
 * loader's data (the profile after sign-in). The page being left stays underneath meanwhile.
 */
export function NavigationSpinner() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loadingAnotherPage = navigation.state === 'loading' && navigation.location.pathname !== pathname;
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!loadingAnotherPage) return setShown(false);
    const timer = setTimeout(() => setShown(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [loadingAnotherPage]);
  return shown && loadingAnotherPage ? <FullScreenSpinner /> : null;
}
