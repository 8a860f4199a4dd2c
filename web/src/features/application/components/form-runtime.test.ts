import { describe, expect, it } from 'vitest';
import { answersStore } from '#web/lib/answers';
import { setAnswers } from './form-runtime';

describe('setAnswers', () => {
  it('drops characters no one types from a paste, which the server would refuse with the whole save', () => {
    answersStore.set(() => ({}));
    setAnswers({ first_name: 'Ada\u0000\u001b', preferred_name: 'x\ud800y' });
    expect(answersStore.get()).toMatchObject({ first_name: 'Ada', preferred_name: 'xy' });
  });
});
