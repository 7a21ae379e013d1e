import { useId } from 'react';

interface ColorFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  placeholder?: string;
}

const HEX6 = /^#[0-9a-fA-F]{6}$/;

/** Native colour picker paired with a hex text input. */
export function ColorField({ label, value, onChange, error, placeholder }: ColorFieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="color-field">
        <input
          type="color"
          className="color-field__swatch"
          aria-hidden="true"
          value={HEX6.test(value) ? value.toLowerCase() : placeholder && HEX6.test(placeholder) ? placeholder : '#000000'}
          onChange={(e) => onChange(e.target.value)}
          tabIndex={-1}
        />
        <input
          id={id}
          className="input mono"
          value={value}
          placeholder={placeholder}
          maxLength={7}
          onChange={(e) => onChange(e.target.value.trim())}
          aria-invalid={error ? true : undefined}
        />
      </div>
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
