import { loginRequestSchema, type LoginRequest } from '@goc/contracts';

export { login } from './api';
export { loginErrorMessage } from './login-errors';

export type FieldErrors = Partial<Record<keyof LoginRequest, string>>;

/** The contracts' loginRequestSchema decides; only the first message of each field is shown. */
export function validateLogin(values: LoginRequest): { data: LoginRequest } | { errors: FieldErrors } {
  const parsed = loginRequestSchema.safeParse(values);
  if (parsed.success) return { data: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'username' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}
