import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { LogoutPage } from './LogoutPage';

afterEach(async () => {
  await i18n.changeLanguage('de');
});

describe('LogoutPage', () => {
  it('signs out only by posting the form', async () => {
    await i18n.changeLanguage('de');
    render(<LogoutPage standalone />);
    expect(screen.getByRole('heading', { level: 1, name: 'Abmelden' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Abmelden' });
    const form = submit.closest('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/auth/logout');
    expect(submit).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('link', { name: 'Abbrechen' })).toHaveAttribute('href', '/');
  });

  it('speaks the reader’s language', async () => {
    await i18n.changeLanguage('fr');
    render(<LogoutPage />);
    expect(screen.getByRole('button', { name: 'Se déconnecter' })).toBeInTheDocument();
    expect(screen.getByText(/toutes les organisations/)).toBeInTheDocument();
  });
});
