/** Route chunks the account menu preloads on hover (000 §2). */
export const loginChunk = () => import('../features/auth/routes/login');
export const signupChunk = () => import('../features/auth/routes/signup');
export const preloadAuth = { login: () => void loginChunk(), signup: () => void signupChunk() };
