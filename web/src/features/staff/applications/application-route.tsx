import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { applicationQuery, sessionQuery, STAFF_HOME, staffRead } from '../api/queries';
import { ApplicationScreen } from './ApplicationScreen';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  // The role decides what the page offers: known before the page shows, so nothing appears and goes.
  return staffRead(request, async () => {
    // Without the role (its read failed) the page still shows the application, and nothing role-bound.
    const [app] = await Promise.all([queryClient.fetchQuery(applicationQuery(id)), queryClient.fetchQuery(sessionQuery()).catch(() => undefined)]);
    return app;
  });
}

export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: app, refetch, isFetching } = useQuery(applicationQuery(id));
  const { data: session } = useQuery(sessionQuery());
  if (!app) return null;
  return (
    <ApplicationScreen
      id={id}
      app={app}
      own={app.reviews?.find((r) => r.reviewer === session?.email)}
      state={location.state as { back?: string; until?: string } | null}
      checking={isFetching}
      onCheckAgain={() => void refetch()}
      onErased={(message) => void navigate(STAFF_HOME, { state: { notice: message } })}
    />
  );
}
