import { createFileRoute } from '@tanstack/react-router';
import { ForgotPasswordForm } from '../components/account/forgot-password-form.tsx';

export const Route = createFileRoute('/forgot-password')({ component: ForgotPasswordForm });
