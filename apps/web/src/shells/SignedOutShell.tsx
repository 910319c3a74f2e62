import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { Sidebar } from './Sidebar';
import { Page } from './Page';
import { NotFound } from '../components/NotFound';

const LandingPage = lazy(() => import('../features/landing/LandingPage'));
const InstructionsPage = lazy(() => import('../features/instructions/InstructionsPage'));
const AboutPage = lazy(() => import('../features/about/AboutPage'));
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'));
const UserLoginPage = lazy(() => import('../features/auth/UserLoginPage'));
const AdminLoginPage = lazy(() => import('../features/auth/AdminLoginPage'));
const VerifyEmailPage = lazy(() => import('../features/auth/VerifyEmailPage'));
const VerifiedPage = lazy(() => import('../features/auth/VerifiedPage'));
const ForgotPasswordPage = lazy(() => import('../features/account/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('../features/account/ResetPasswordPage'));

const LINKS = [
  { to: '/', label: 'Home', end: true },
  { to: '/instructions', label: 'Instructions' },
  { to: '/userregistration', label: 'Sign Up' },
  { to: '/userlogin', label: 'User Login' },
  { to: '/adminlogin', label: 'Admin Login' },
  { to: '/about', label: 'About' },
];

export function SignedOutShell({ onLoggedIn }: { onLoggedIn: () => void }) {
  return (
    <div className="shell shell--signed-out">
      <Sidebar links={LINKS} />
      <Page>
        <Routes>
          <Route path="/" element={<LandingPage />} />
          <Route path="/mainhome" element={<LandingPage />} />
          <Route path="/instructions" element={<InstructionsPage />} />
          <Route path="/userregistration" element={<RegisterPage />} />
          <Route path="/userlogin" element={<UserLoginPage onLoggedIn={onLoggedIn} />} />
          <Route path="/adminlogin" element={<AdminLoginPage onLoggedIn={onLoggedIn} />} />
          <Route path="/about" element={<AboutPage />} />
          <Route path="/users/:id/verify/:token" element={<VerifyEmailPage />} />
          <Route path="/forgot-password" element={<ForgotPasswordPage />} />
          <Route path="/reset-password/:id/:token" element={<ResetPasswordPage />} />
          <Route path="/email-verification-success" element={<VerifiedPage />} />
          <Route path="*" element={<NotFound />} />
        </Routes>
      </Page>
    </div>
  );
}
