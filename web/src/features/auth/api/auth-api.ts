import { useMutation } from '@tanstack/react-query';
import { call, type CallArgs } from '#web/lib/api-client';

/** Public account calls (no session needed). Each answers `{message}`; errors are shown inline by the cards. */
export const login = (body: CallArgs<'logIn'>['body']) => call('logIn', { body });
export const signup = (body: CallArgs<'signUp'>['body']) => call('signUp', { body });
export const confirm = (body: CallArgs<'confirmSignUp'>['body']) => call('confirmSignUp', { body });
export const resendConfirm = (body: CallArgs<'resendConfirmation'>['body']) => call('resendConfirmation', { body });
export const forgotPassword = (body: CallArgs<'forgotPassword'>['body']) => call('forgotPassword', { body });
export const resetPassword = (body: CallArgs<'resetPassword'>['body']) => call('resetPassword', { body });

const inline = { meta: { inlineErrors: true } } as const;

export const loginMutationOptions = () => ({ mutationKey: ['login'], mutationFn: login, ...inline });
export const useLogin = () => useMutation(loginMutationOptions());
export const useSignup = () => useMutation({ mutationKey: ['signup'], mutationFn: signup, ...inline });
export const useConfirm = () => useMutation({ mutationKey: ['confirm'], mutationFn: confirm, ...inline });
export const useResendConfirm = () => useMutation({ mutationKey: ['resend-confirm'], mutationFn: resendConfirm, ...inline });
export const useForgotPassword = () => useMutation({ mutationKey: ['forgot-password'], mutationFn: forgotPassword, ...inline });
export const useResetPassword = () => useMutation({ mutationKey: ['reset-password'], mutationFn: resetPassword, ...inline });
