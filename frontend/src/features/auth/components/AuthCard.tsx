import { useEffect, useRef, type ReactNode } from 'react';
import { Icon, type IconName } from '@/components/Icon';

interface AuthCardProps {
  icon: IconName;
  title: string;
  lead?: ReactNode;
  /** on the landing site the card is the whole page; in a space it sits in the shell */
  standalone?: boolean;
  /** the heading takes the focus when this changes, so that a screen reader hears the new state */
  step?: string;
  children?: ReactNode;
}

/** The card of the sign-in page and of the pages the one-time links open. */
export function AuthCard({ icon, title, lead, standalone = false, step, children }: AuthCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    shown.current = step;
    heading.current?.focus();
  }, [step]);
  const card = (
    <div className="auth-card card">
      <div className="auth-card__icon">
        <Icon name={icon} size={26} />
      </div>
      <h1 ref={heading} className="auth-card__title" tabIndex={-1}>
        {title}
      </h1>
      {lead && <p className="auth-card__lead">{lead}</p>}
      {children}
    </div>
  );
  return standalone ? <main className="auth-page auth-page--standalone">{card}</main> : <div className="auth-page">{card}</div>;
}
