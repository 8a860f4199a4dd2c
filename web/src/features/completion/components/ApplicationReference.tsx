import { useQuery } from '@tanstack/react-query';
import { T } from '#web/lib/i18n';
import { profileQueryOptions } from '#web/lib/profile';

/**
 * The reference submit assigned, to quote to the admissions office. Read from the profile the
 * completion route loaded (submitting drops the older one), without a request of its own; shows
 * nothing while it is not known.
 */
export function ApplicationReference() {
  const { data } = useQuery({ ...profileQueryOptions(), enabled: false });
  if (!data?.reference) return null;
  return (
    <p className="completion__reference">
      <T id="status.reference" values={{ reference: data.reference }} components={[<strong />]} />
    </p>
  );
}
