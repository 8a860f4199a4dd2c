import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Public account calls (no session needed). Each answers `{message}`; errors are shown inline by the cards. */
export interface MessageResponse {
  message?: string;
}

export interface Credentials {
  username: string;
  password: string;
}

export const login = (body: Credentials) => api.post<MessageResponse>('/public/login', body);
export const signup = (body: Credentials) => api.post<MessageResponse>('/public/signup', body);
export const confirm = (body: { username: string; code: string }) => api.post<MessageResponse>('/public/confirm', body);
export const resendConfirm = (body: { username: string }) => api.post<MessageResponse>('/public/resend-confirm', body);
export const forgotPassword = (body: { username: string }) => api.post<MessageResponse>('/public/forgot-password', body);
export const resetPassword = (body: { username: string; password: string; confirm_password: string; id: string }) =>
  api.post<MessageResponse>('/public/reset-password', body);

const inline = { meta: { inlineErrors: true } } as const;

export const loginMutationOptions = () => ({ mutationKey: ['login'], mutationFn: login, ...inline });
export const useLogin = () => useMutation(loginMutationOptions());
export const useSignup = () => useMutation({ mutationKey: ['signup'], mutationFn: signup, ...inline });
export const useConfirm = () => useMutation({ mutationKey: ['confirm'], mutationFn: confirm, ...inline });
export const useResendConfirm = () => useMutation({ mutationKey: ['resend-confirm'], mutationFn: resendConfirm, ...inline });
export const useForgotPassword = () => useMutation({ mutationKey: ['forgot-password'], mutationFn: forgotPassword, ...inline });
export const useResetPassword = () => useMutation({ mutationKey: ['reset-password'], mutationFn: resetPassword, ...inline });
