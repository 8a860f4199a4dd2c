import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

const TITLES: Record<string, string> = {
  '/login': 'Sign In',
  '/signup': 'Sign Up',
  '/confirm': 'Confirm Your Account',
  '/forgot': 'Forgot Password',
  '/reset': 'Reset Password',
  '/about': 'About You',
  '/education-ug': 'Your Academics',
  '/final-steps': 'Final Steps',
  '/review': 'Review Your Answers',
  '/completion': 'Application Submitted',
  '/recommend': 'Letter of Recommendation',
  '/accessibility': 'Accessibility Statement',
  '/privacy': 'Privacy Notice',
  '/terms': 'Terms of Use',
};

/** Each route names the page in the title; "Error: " leads while errors are shown (GOV.UK). */
export function useDocumentTitle(hasErrors = false) {
  const { pathname } = useLocation();
  useEffect(() => {
    const name = TITLES[pathname] ?? 'Apply';
    document.title = `${hasErrors ? 'Error: ' : ''}${name} | Application`;
  }, [pathname, hasErrors]);
}
