import { atExpression, createScheduleBody, RELEASE_RETRY, scheduleName, schedulerRequest } from './scheduler';

describe('the release schedules (EventBridge Scheduler)', () => {
  it("runs once, at the release's second, in UTC", () => {
    expect(atExpression('2027-03-15T14:00:00.900Z')).toBe('at(2027-03-15T14:00:00)');
    expect(atExpression('2027-03-15T09:30:00-05:00')).toBe('at(2027-03-15T14:30:00)');
  });

  it("targets the release Lambda with the release's id, through the scheduler role, and deletes itself once run", () => {
    const body = createScheduleBody(
      {
        releaseScheduleGroup: 'group-1',
        releaseFunctionArn: 'arn:aws:lambda:us-east-1:1:function:release',
        releaseSchedulerRoleArn: 'arn:aws:iam::1:role/sched',
      },
      'abc',
      '2027-03-15T14:00:00Z',
    );
    expect(body).toMatchObject({
      GroupName: 'group-1',
      ScheduleExpression: 'at(2027-03-15T14:00:00)',
      ScheduleExpressionTimezone: 'UTC',
      FlexibleTimeWindow: { Mode: 'OFF' },
      ActionAfterCompletion: 'DELETE',
      Target: {
        Arn: 'arn:aws:lambda:us-east-1:1:function:release',
        RoleArn: 'arn:aws:iam::1:role/sched',
        Input: '{"release_id":"abc"}',
        RetryPolicy: RELEASE_RETRY,
      },
    });
  });

  it("is created and deleted by name on the region's Scheduler endpoint", () => {
    const create = schedulerRequest('eu-west-1', 'POST', scheduleName('abc'), { a: 1 });
    expect(create).toMatchObject({ method: 'POST', protocol: 'https:', hostname: 'scheduler.eu-west-1.amazonaws.com', path: '/schedules/release-abc' });
    expect(create.headers['content-type']).toBe('application/json');
    expect(new TextDecoder().decode(create.body as Uint8Array)).toBe('{"a":1}');
    const remove = schedulerRequest('cn-north-1', 'DELETE', scheduleName('abc'), undefined, { groupName: 'group-1' });
    expect(remove).toMatchObject({ method: 'DELETE', hostname: 'scheduler.cn-north-1.amazonaws.com.cn', query: { groupName: 'group-1' } });
    expect(remove.body).toBeUndefined();
  });
});
