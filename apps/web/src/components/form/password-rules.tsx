import { isCommonPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@goc/contracts';
import { formTexts } from './form-texts';

export interface PasswordRule {
  label: string;
  met: boolean;
}

/** The ASVS 6.2 rules of contracts' passwordSchema, each checked against what is typed. */
export function passwordRules(password: string, username?: string): PasswordRule[] {
  const length = [...password].length;
  const rules: PasswordRule[] = [
    { label: `Al menos ${PASSWORD_MIN_LENGTH} caracteres`, met: length >= PASSWORD_MIN_LENGTH },
    { label: `Como máximo ${PASSWORD_MAX_LENGTH} caracteres`, met: length > 0 && length <= PASSWORD_MAX_LENGTH },
    { label: 'No es una contraseña común', met: length >= PASSWORD_MIN_LENGTH && !isCommonPassword(password) },
  ];
  if (username) rules.push({ label: 'Distinta del nombre de usuario', met: length > 0 && password.toLowerCase() !== username.toLowerCase() });
  return rules;
}

/** The rules under a new-password field, ticked as they are met. */
export function PasswordRules({ password, username, id }: { password: string; username?: string; id?: string }) {
  return (
    <div id={id} className="mt-1 text-xs text-(--text-color-secondary)">
      <span>{formTexts.passwordRulesTitle}</span>
      <ul className="m-0 mt-1 list-none space-y-0.5 p-0">
        {passwordRules(password, username).map((rule) => (
          <li key={rule.label} className={`flex items-center gap-2 ${rule.met ? 'text-green-700' : ''}`} data-met={rule.met}>
            <i className={rule.met ? 'pi pi-check-circle' : 'pi pi-circle'} aria-hidden="true" />
            {rule.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
