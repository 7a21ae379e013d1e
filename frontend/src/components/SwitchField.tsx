import * as Switch from '@radix-ui/react-switch';
import { useId } from 'react';

interface SwitchFieldProps {
  label: string;
  description?: string;
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  name?: string;
}

export function SwitchField({ label, description, checked, onCheckedChange, name }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="switch-field">
      <div className="switch-field__text">
        <label htmlFor={id} className="switch-field__label">
          {label}
        </label>
        {description && <p className="field__hint">{description}</p>}
      </div>
      <Switch.Root id={id} name={name} className="switch" checked={checked} onCheckedChange={onCheckedChange}>
        <Switch.Thumb className="switch__thumb" />
      </Switch.Root>
    </div>
  );
}
