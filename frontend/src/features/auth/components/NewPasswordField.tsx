import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/TextField';

interface NewPasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** the server's reason, already in words */
  error?: string | null;
}

/** A password a person chooses: the rules are explained below it, the server's reason replaces them when it refuses one. */
export function NewPasswordField({ label, value, onChange, error }: NewPasswordFieldProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  const toggle = useId();
  return (
    <div className="new-password">
      <TextField
        label={label}
        type={visible ? 'text' : 'password'}
        name="new-password"
        autoComplete="new-password"
        required
        minLength={12}
        value={value}
        error={error}
        hint={t('auth.passwordRules')}
        onChange={(e) => onChange(e.target.value)}
      />
      <label className="new-password__toggle" htmlFor={toggle}>
        <input id={toggle} type="checkbox" className="checkbox" checked={visible} onChange={(e) => setVisible(e.target.checked)} />
        {t('auth.showPassword')}
      </label>
    </div>
  );
}
