import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams, type LoaderFunctionArgs } from 'react-router-dom';
import { queryClient } from '#web/lib/query-client';
import { applicationQuery, sessionQuery, STAFF_HOME, staffRead } from '../api/queries';
import { ApplicationScreen } from './ApplicationScreen';

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = params.id ?? '';
  return staffRead(request, () => queryClient.fetchQuery(applicationQuery(id)));
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
