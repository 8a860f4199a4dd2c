/** Route chunks the account menu preloads on hover, so sign-in and sign-up open without a wait. */
export const loginChunk = () => import('../features/auth/routes/login');
export const signupChunk = () => import('../features/auth/routes/signup');
export const preloadAuth = { login: () => void loginChunk(), signup: () => void signupChunk() };
