/**
 * POST /auth/logout from a script: ends the session and clears its cookie (204). Used where the
 * app signs out by itself, e.g. after the account was deleted; buttons use LogoutButton.
 */
export async function logout(): Promise<void> {
  try {
    await fetch('/auth/logout', { method: 'POST', credentials: 'same-origin' });
  } catch {
    // offline: the cookie goes with the next sign-out; the session itself may already be gone
  }
}
