import { registerNamespace } from '@/lib/i18n';

export const authEn = {
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  emailPlaceholder: 'you@example.com',
  login: {
    title: 'Welcome Back',
    subtitle: 'Sign in to your account',
    forgot: 'Forgot password?',
    submit: 'Login',
    busy: 'Signing in...',
    noAccount: "Don't have an account?",
    signUp: 'Sign up',
    success: 'Signed in!',
  },
  signup: {
    title: 'Create Your Account',
    subtitle: 'Step 1 of 3',
    submit: 'Create Account',
    busy: 'Creating account...',
    haveAccount: 'Already have an account?',
    login: 'Login',
    steps: ['Account', 'Identity', 'Personalize'],
  },
  verify: {
    title: 'Email Verification Required',
    body: 'We sent a verification link to',
    hint: 'Open the link in the e-mail to verify your address, then continue here.',
    resend: 'Resend verification email',
    cooldown: 'Resend email in {{n}}s',
    signIn: 'Sign in',
  },
  callback: {
    title: 'Verifying Your Account',
    errorTitle: 'Authentication Error',
    redirecting: 'Redirecting to login page...',
  },
  forgot: {
    title: 'Forgot Password',
    subtitle: "Enter your e-mail and we'll send you a link to reset your password.",
    submit: 'Send Reset Link',
    busy: 'Sending...',
    back: 'Back to Login',
    sentTitle: 'Check your email',
    sentBody: 'If an account exists for {{email}}, a password reset link is on its way.',
  },
  reset: {
    title: 'Reset Your Password',
    submit: 'Update Password',
    busy: 'Updating...',
    missingToken: 'This reset link is invalid. Request a new one.',
  },
};

registerNamespace('auth', authEn);
