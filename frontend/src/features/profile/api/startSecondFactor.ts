import { useMutation } from '@tanstack/react-query';
import { apiMutation } from '@/lib/api';

/** A new TOTP secret (with its QR code) for the authenticator app; it counts once a code of it is confirmed. */
export const startSecondFactor = () => apiMutation('common/mutation/startSecondFactor');

export const useStartSecondFactor = () => useMutation({ mutationFn: startSecondFactor });
